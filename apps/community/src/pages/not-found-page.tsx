import { NotFoundPanel } from '../components/query-view.tsx';

/** An address the site does not have (the server answers it with 404). */
export function NotFoundPage() {
  return <NotFoundPanel />;
}
