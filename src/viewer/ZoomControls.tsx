import { Box, Button, IconButton } from '@mui/material';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { useTranslate } from 'react-admin';
import { stepZoom, ZOOM_STEPS, type Zoom } from './zoom';

/** Zoom out, the zoom as a percentage (a press fits the page to the width again), zoom in. */
export function ZoomControls({ zoom, onChange }: { zoom: Zoom; onChange: (zoom: Zoom) => void }) {
  const translate = useTranslate();
  return (
    <Box role="group" aria-label={translate('viewer.zoom')} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <IconButton aria-label={translate('viewer.zoomOut')} disabled={zoom === ZOOM_STEPS[0]} onClick={() => onChange(stepZoom(zoom, -1))}>
        <ZoomOutIcon />
      </IconButton>
      <Button
        size="small"
        aria-label={translate('viewer.fitWidth', { percent: Math.round(zoom * 100) })}
        disabled={zoom === 1}
        onClick={() => onChange(1)}
        sx={{ minWidth: 56 }}
      >
        {`${Math.round(zoom * 100)} %`}
      </Button>
      <IconButton
        aria-label={translate('viewer.zoomIn')}
        disabled={zoom === ZOOM_STEPS[ZOOM_STEPS.length - 1]}
        onClick={() => onChange(stepZoom(zoom, 1))}
      >
        <ZoomInIcon />
      </IconButton>
    </Box>
  );
}
