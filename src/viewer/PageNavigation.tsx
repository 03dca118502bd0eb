import { Box, IconButton, Typography } from '@mui/material';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { useTranslate } from 'react-admin';
import { clampPage } from './pages';

export interface PageNavigationProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}

/** 'Page N of M' between previous and next buttons; the page never leaves 1..M (docs/product.md#viewer). */
export function PageNavigation({ page, pageCount, onChange }: PageNavigationProps) {
  const translate = useTranslate();
  const go = (to: number) => onChange(clampPage(to, pageCount));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1 }}>
      <IconButton aria-label={translate('viewer.previousPage')} disabled={page <= 1} onClick={() => go(page - 1)}>
        <NavigateBeforeIcon />
      </IconButton>
      <Typography aria-live="polite">{translate('viewer.pageOf', { page, pages: pageCount })}</Typography>
      <IconButton aria-label={translate('viewer.nextPage')} disabled={page >= pageCount} onClick={() => go(page + 1)}>
        <NavigateNextIcon />
      </IconButton>
    </Box>
  );
}
