import { useEffect, useState } from 'react';
import type * as NoticeHostFile from '../core/notices/notice-host.tsx';
import { useNoticeStore } from '../core/notices/notice-store.ts';

type NoticeHostModule = typeof NoticeHostFile;

let loaded: NoticeHostModule | null = null;

function loadNoticeHost(): Promise<NoticeHostModule> {
  return import('../core/notices/notice-host.tsx').then((module) => (loaded = module));
}

/**
 * The notices' host, fetched with the first notice: most visits show none, and the snackbar and its
 * alert stay off the first screen (ADR 0014). Once fetched it renders at once (no Suspense, whose
 * reveal React delays), so a notice shows as soon as it is raised.
 */
export function LazyNoticeHost() {
  const hasNotice = useNoticeStore((state) => state.notices.length > 0);
  const [, setReady] = useState(loaded !== null);
  useEffect(() => {
    if (hasNotice && !loaded) void loadNoticeHost().then(() => setReady(true));
  }, [hasNotice]);
  if (!hasNotice || !loaded) return null;
  const { NoticeHost } = loaded;
  return <NoticeHost />;
}
