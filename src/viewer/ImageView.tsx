import { Box } from '@mui/material';
import { useObjectUrl } from './useObjectUrl';

/** An image document, fitted to the viewer's width. */
export function ImageView({ blob, alt }: { blob: Blob; alt: string }) {
  const url = useObjectUrl(blob);
  if (!url) return null;
  return <Box component="img" src={url} alt={alt} sx={{ display: 'block', maxWidth: '100%', mx: 'auto' }} />;
}
