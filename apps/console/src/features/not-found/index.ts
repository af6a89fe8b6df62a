/** The not-found screen, shown by app/ where an area is closed to the caller. */
export { default as NotFoundPage } from './pages/not-found-page.tsx';
