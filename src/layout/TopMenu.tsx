import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Box, Button, Menu, MenuItem } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useLogout, useTranslate } from 'react-admin';
import { useSession } from '../providers/useSession';
import { visibleNavigation, type NavGroup } from './navigation';

const isCurrent = (pathname: string, path: string) => pathname === `/${path}` || pathname.startsWith(`/${path}/`);

function MenuGroup({ group }: { group: NavGroup }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const open = anchor !== null;
  const close = () => setAnchor(null);
  const current = group.items.some((item) => isCurrent(pathname, item.path));

  return (
    <>
      <Button
        id={`${id}-button`}
        color="inherit"
        aria-haspopup="true"
        aria-controls={open ? `${id}-menu` : undefined}
        aria-expanded={open ? 'true' : undefined}
        endIcon={<ExpandMoreIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={current ? { textDecoration: 'underline', textUnderlineOffset: 6 } : undefined}
      >
        {translate(group.label)}
      </Button>
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={open}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': `${id}-button` } }}
      >
        {group.items.map((item) => (
          <MenuItem
            key={item.path}
            component={Link}
            to={`/${item.path}`}
            selected={isCurrent(pathname, item.path)}
            onClick={close}
          >
            {translate(item.label)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The top menu (spec §2 Menu): the groups the session's rules leave visible, then Logout. */
export function TopMenu() {
  const translate = useTranslate();
  const logout = useLogout();
  const session = useSession();
  if (!session) return null;

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
