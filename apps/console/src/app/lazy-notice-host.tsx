import { lazy, Suspense } from 'react';
import { useNoticeStore } from '../core/notices/notice-store.ts';

const NoticeHost = lazy(() =>
  import('../core/notices/notice-host.tsx').then((module) => ({ default: module.NoticeHost })),
);

/**
 * The notices' host, fetched with the first notice: most visits show none, and the snackbar and its
 * alert stay off the first screen (ADR 0014).
 */
export function LazyNoticeHost() {
  const hasNotice = useNoticeStore((state) => state.notices.length > 0);
  if (!hasNotice) return null;
  return (
    <Suspense fallback={null}>
      <NoticeHost />
    </Suspense>
  );
}
