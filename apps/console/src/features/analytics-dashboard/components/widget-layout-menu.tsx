import DragIndicator from '@mui/icons-material/DragIndicator';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useRef, useState, type PointerEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LAYOUT_ACTIONS, type LayoutAction } from '../model/keyboard-layout.ts';

export const DRAG_HANDLE_CLASS = 'dashboard-drag-handle';

const ACTION_MESSAGE: Record<LayoutAction, string> = {
  left: 'analyticsDashboard.layout.left',
  right: 'analyticsDashboard.layout.right',
  up: 'analyticsDashboard.layout.up',
  down: 'analyticsDashboard.layout.down',
  wider: 'analyticsDashboard.layout.wider',
  narrower: 'analyticsDashboard.layout.narrower',
  taller: 'analyticsDashboard.layout.taller',
  shorter: 'analyticsDashboard.layout.shorter',
};

/** A pointer that travelled this far between press and release was dragging, not clicking. */
const CLICK_SLOP_PX = 4;

export interface WidgetLayoutMenuProps {
  widgetKey: string;
  title: string;
  /** Whether an action would change the layout now (asked when the menu opens). */
  canApply: (action: LayoutAction) => boolean;
  onAction: (action: LayoutAction) => void;
}

/**
 * The widget's grip: the mouse drags the widget by it, and pressing it (click, Enter or Space) opens
 * the menu that moves and resizes the widget one step at a time, for those who do not drag.
 */
export function WidgetLayoutMenu({ widgetKey, title, canApply, onAction }: WidgetLayoutMenuProps) {
  const intl = useIntl();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [allowed, setAllowed] = useState<Record<LayoutAction, boolean> | null>(null);
  const pressedAt = useRef<{ x: number; y: number } | null>(null);
  const menuId = useId();
  const label = intl.formatMessage({ id: 'analyticsDashboard.layout.menu' }, { title });
  const open = (element: HTMLElement) => {
    setAllowed(
      Object.fromEntries(LAYOUT_ACTIONS.map((action) => [action, canApply(action)])) as Record<
        LayoutAction,
        boolean
      >,
    );
    setAnchor(element);
  };
  const onPointerDown = (event: PointerEvent) => {
    pressedAt.current = { x: event.clientX, y: event.clientY };
  };
  return (
    <>
      <Tooltip title={intl.formatMessage({ id: 'analyticsDashboard.layout.hint' })}>
        <IconButton
          size="small"
          className={DRAG_HANDLE_CLASS}
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          data-testid={`drag-handle-${widgetKey}`}
          onPointerDown={onPointerDown}
          onClick={(event) => {
            const start = pressedAt.current;
            pressedAt.current = null;
            // A click that ends a drag is no request for the menu (a keyboard click has no pointer).
            if (
              start &&
              event.detail > 0 &&
              Math.hypot(event.clientX - start.x, event.clientY - start.y) > CLICK_SLOP_PX
            )
              return;
            open(event.currentTarget);
          }}
          sx={{ cursor: 'grab', color: 'text.secondary', touchAction: 'none', p: 0.25 }}
        >
          <DragIndicator fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': label, dense: true } }}
      >
        {LAYOUT_ACTIONS.flatMap((action, index) => [
          // Moves first, then sizes.
          ...(index === 4 ? [<Divider key="sizes" />] : []),
          <MenuItem
            key={action}
            disabled={allowed ? !allowed[action] : false}
            data-testid={`layout-${action}-${widgetKey}`}
            onClick={() => {
              setAnchor(null);
              onAction(action);
            }}
          >
            <FormattedMessage id={ACTION_MESSAGE[action]} />
          </MenuItem>,
        ])}
      </Menu>
    </>
  );
}
