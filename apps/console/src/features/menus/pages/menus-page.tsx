import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { ROW_ID_MAX } from '@agora/contract';
import { MenuDetail } from '../components/menu-detail.tsx';
import { MenuList, MENUS_BASE } from '../components/menu-list.tsx';

function MenuRoute() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id < 1 || id > ROW_ID_MAX) return <Navigate to={MENUS_BASE} replace />;
  return <MenuDetail key={id} id={id} />;
}

/** Menus (spec mgmt §2 "Menu list and menu items", §5, §8): the list, and one menu with its items. */
export default function MenusPage() {
  return (
    <Box data-testid="menus-page" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        <FormattedMessage id="menus.title" />
      </Typography>
      <Typography color="text.secondary">
        <FormattedMessage id="menus.intro" />
      </Typography>
      <Routes>
        <Route index element={<MenuList />} />
        <Route path=":id" element={<MenuRoute />} />
        <Route path="*" element={<Navigate to={MENUS_BASE} replace />} />
      </Routes>
    </Box>
  );
}
