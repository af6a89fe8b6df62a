/**
 * Lets code outside the router (the notice host) move inside the console without reloading it.
 * The root shell registers the router's navigate function; before that, a normal page load happens.
 */
let navigator: ((to: string) => void) | null = null;

export function registerNavigator(navigate: ((to: string) => void) | null): void {
  navigator = navigate;
}

/** True when the address was handled inside the console (a same-origin path). */
export function navigateInside(href: string): boolean {
  if (!navigator || !href.startsWith('/') || href.startsWith('//')) return false;
  navigator(href);
  return true;
}
