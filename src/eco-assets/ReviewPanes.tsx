import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { Panel, PanelGroup, PanelResizeHandle } from 'react-resizable-panels';
import { useTranslate } from 'react-admin';
import { useSmallScreen } from '../layout/useSmallScreen';

interface Pane {
  /** message key of the pane's heading */
  title: string;
  content: ReactNode;
}

const PaneBody = ({ title, content }: Pane) => {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" component="section" aria-label={translate(title)} sx={{ height: '100%', overflow: 'auto', minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1.5, pb: 1 }}>
        {translate(title)}
      </Typography>
      {content}
    </Paper>
  );
};

/**
 * The broker review's two panes side by side with a handle between them,
 * dragged or moved with the arrow keys (react-resizable-panels); on a phone
 * they stack, one above the other.
 */
export function ReviewPanes({ left, right }: { left: Pane; right: Pane }) {
  const translate = useTranslate();
  if (useSmallScreen())
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <PaneBody {...left} />
        <PaneBody {...right} />
      </Box>
    );
  return (
    <PanelGroup direction="horizontal" autoSaveId="kiln-console.eco-review-panes" style={{ minHeight: 360 }}>
      <Panel defaultSize={60} minSize={25}>
        <PaneBody {...left} />
      </Panel>
      <PanelResizeHandle aria-label={translate('ecoAssets.review.resize')}>
        <Box
          sx={(theme) => ({
            width: 12,
            height: '100%',
            display: 'flex',
            justifyContent: 'center',
            '&::after': { content: '""', width: 4, borderRadius: 2, my: 1, bgcolor: theme.palette.divider },
            '[data-resize-handle-state="hover"] &::after, [data-resize-handle-state="drag"] &::after': {
              bgcolor: theme.palette.primary.main,
            },
          })}
        />
      </PanelResizeHandle>
      <Panel defaultSize={40} minSize={25}>
        <PaneBody {...right} />
      </Panel>
    </PanelGroup>
  );
}
