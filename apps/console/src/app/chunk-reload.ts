export const CHUNK_RELOAD_FLAG = 'agora:chunk-reload';

/** A dynamic import that failed: usually a new deployment removed the old chunks. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Failed to fetch|Importing a module script failed|error loading dynamically|ChunkLoadError|Loading chunk/i.test(
    `${error.name} ${error.message}`,
  );
}

/** Reloads the page once per failure streak; returns false when it already tried. */
export function reloadOnceForChunkError(
  storage: Storage = sessionStorage,
  reload = () => window.location.reload(),
) {
  if (storage.getItem(CHUNK_RELOAD_FLAG)) return false;
  storage.setItem(CHUNK_RELOAD_FLAG, '1');
  reload();
  return true;
}

export function clearChunkReloadFlag(storage: Storage = sessionStorage): void {
  storage.removeItem(CHUNK_RELOAD_FLAG);
}
