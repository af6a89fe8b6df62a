import HomeOutlined from '@mui/icons-material/HomeOutlined';
import type { ComponentType } from 'react';
import { lazyScreen } from './lazy-screen.tsx';

/**
 * The single list of a community's areas: the router makes a child route of '/' from each entry
 * and the drawer lists them in this order. An area is added here and nowhere else.
 */
export interface Area {
  id: string;
  /** Relative to '/'; '' is the exact-match index (home). */
  path: string;
  /** Message id of the drawer label. */
  labelId: string;
  icon: ComponentType;
  screen: ComponentType;
}

export const AREAS: readonly Area[] = [
  {
    id: 'home',
    path: '',
    labelId: 'nav.home',
    icon: HomeOutlined,
    screen: lazyScreen(() => import('../features/home/pages/home-page.tsx')),
  },
];
