import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import { fetchMenu, fetchMenus, MENUS_PAGE_SIZE, menusKeys } from './menus-api.ts';

/** One page of the menus, searched on the server; the page shown stays while the next loads. */
export function useMenuPageQuery(search: string, offset: number, limit = MENUS_PAGE_SIZE) {
  const internalUrl = useInternalUrl();
  const page = { search, offset, limit };
  return useQuery({
    queryKey: menusKeys.list(internalUrl, page),
    queryFn: () => fetchMenus(page),
    enabled: internalUrl !== '',
    placeholderData: keepPreviousData,
  });
}

/** Every menu (for the item dialog's menu choice): the API's largest page. */
export function useAllMenusQuery() {
  return useMenuPageQuery('', 0, 500);
}

/** One menu with its items in order. */
export function useMenuQuery(id: number) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: menusKeys.menu(internalUrl, id),
    queryFn: () => fetchMenu(id),
    enabled: internalUrl !== '',
  });
}
