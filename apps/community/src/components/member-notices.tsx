import { lazy, Suspense } from 'react';
import { useBlocked, useSession } from '../app/site-context.tsx';

// What only a member (or a banned one) is shown above every page loads on demand: a visitor's
// first page carries none of it (issue 18 §4).
const BlockedBanner = lazy(async () => ({ default: (await import('./blocked-banner.tsx')).BlockedBanner }));
const BroadcastBanners = lazy(async () => ({
  default: (await import('./broadcast-banners.tsx')).BroadcastBanners,
}));
const LegalGate = lazy(async () => ({ default: (await import('./legal-gate.tsx')).LegalGate }));

/** A banned member's ban, the member's broadcast banners and the legal pages they owe, in that order. */
export function MemberNotices() {
  const session = useSession();
  const blocked = useBlocked();
  if (!session && !blocked) return null;
  return (
    <Suspense fallback={null}>
      {blocked && <BlockedBanner />}
      {session && (
        <>
          <BroadcastBanners />
          <LegalGate />
        </>
      )}
    </Suspense>
  );
}
