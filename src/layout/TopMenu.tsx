import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Box, Button, Divider, ListSubheader, Menu, MenuItem, type SxProps, type Theme } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import { useLogout, useTranslate } from 'react-admin';
import { useSession } from '../providers/useSession';
import { visibleNavigation, type NavGroup } from './navigation';
import { useSmallScreen } from './useSmallScreen';

const isCurrent = (pathname: string, path: string) => pathname === `/${path}` || pathname.startsWith(`/${path}/`);

/**
 * A header button that opens its menu (the button labels the menu and tells
 * whether it is open); the items are given the menu's close.
 */
function MenuButton({
  label,
  startIcon,
  endIcon,
  sx,
  children,
}: {
  label: string;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  sx?: SxProps<Theme>;
  children: (close: () => void) => ReactNode;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const open = anchor !== null;
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        id={`${id}-button`}
        color="inherit"
        aria-haspopup="true"
        aria-controls={open ? `${id}-menu` : undefined}
        aria-expanded={open ? 'true' : undefined}
        startIcon={startIcon}
        endIcon={endIcon}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={sx}
      >
        {label}
      </Button>
      <Menu id={`${id}-menu`} anchorEl={anchor} open={open} onClose={close} slotProps={{ list: { 'aria-labelledby': `${id}-button` } }}>
        {children(close)}
      </Menu>
    </>
  );
}

function MenuGroup({ group }: { group: NavGroup }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const current = group.items.some((item) => isCurrent(pathname, item.path));
  return (
    <MenuButton
      label={translate(group.label)}
      endIcon={<ExpandMoreIcon />}
      sx={current ? { textDecoration: 'underline', textUnderlineOffset: 6 } : undefined}
    >
      {(close) =>
        group.items.map((item) => (
          <MenuItem key={item.path} component={Link} to={`/${item.path}`} selected={isCurrent(pathname, item.path)} onClick={close}>
            {translate(item.label)}
          </MenuItem>
        ))
      }
    </MenuButton>
  );
}

/**
 * On a phone the groups fold into one Menu button, so the header keeps one line
 * (the groups and Logout wrapped to three rows, a sixth of the screen): the
 * same groups, headed by their names, then Logout.
 */
function PhoneMenu({ groups, onLogout }: { groups: readonly NavGroup[]; onLogout: () => void }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  return (
    <MenuButton label={translate('menu.open')} startIcon={<MenuIcon />}>
      {(close) => [
        ...groups.flatMap((group) => [
          // a heading, not an item: the menu holds only menu items (axe)
          <ListSubheader key={group.label} role="none" sx={{ lineHeight: '36px' }}>
            {translate(group.label)}
          </ListSubheader>,
          ...group.items.map((item) => (
            <MenuItem
              key={item.path}
              component={Link}
              to={`/${item.path}`}
              selected={isCurrent(pathname, item.path)}
              onClick={close}
              sx={{ pl: 4 }}
            >
              {translate(item.label)}
            </MenuItem>
          )),
        ]),
        <Divider key="divider" />,
        <MenuItem
          key="logout"
          onClick={() => {
            close();
            onLogout();
          }}
        >
          {translate('menu.logout')}
        </MenuItem>,
      ]}
    </MenuButton>
  );
}

/** The top menu (docs/product.md#menu): the groups the session's rules leave visible, then Logout. */
export function TopMenu() {
  const translate = useTranslate();
  const logout = useLogout();
  const session = useSession();
  const small = useSmallScreen();
  if (!session) return null;

  if (small) {
    return (
      <Box component="nav" aria-label={translate('menu.label')} sx={{ ml: 'auto' }}>
        <PhoneMenu groups={visibleNavigation(session.rules)} onLogout={() => void logout()} />
      </Box>
    );
  }
  return (
    <Box component="nav" aria-label={translate('menu.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {visibleNavigation(session.rules).map((group) => (
        <MenuGroup key={group.label} group={group} />
      ))}
      <Button color="inherit" onClick={() => logout()}>
        {translate('menu.logout')}
      </Button>
    </Box>
  );
}
