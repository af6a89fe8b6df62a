/**
 * A message channel shared by the console's open tabs: BroadcastChannel when the browser has it,
 * otherwise a localStorage key whose `storage` events carry the messages.
 */
export interface TabChannel<T> {
  post(message: T): void;
  subscribe(listener: (message: T) => void): () => void;
}

export function createTabChannel<T>(name: string): TabChannel<T> {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(name);
    return {
      post: (message) => channel.postMessage(message),
      subscribe(listener) {
        const onMessage = (event: MessageEvent<T>) => listener(event.data);
        channel.addEventListener('message', onMessage);
        return () => channel.removeEventListener('message', onMessage);
      },
    };
  }
  const key = `${name}:message`;
  return {
    post(message) {
      // A nonce makes every write a change, so the other tabs always get a storage event.
      localStorage.setItem(key, JSON.stringify({ nonce: Math.random(), message }));
    },
    subscribe(listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.key !== key || !event.newValue) return;
        const parsed = JSON.parse(event.newValue) as { message: T };
        listener(parsed.message);
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}
