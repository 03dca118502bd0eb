import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** What an empty list says (a message key). */
export function EmptyLogs({ message }: { message: string }) {
  const translate = useTranslate();
  return <Typography sx={{ p: 2 }}>{translate(message)}</Typography>;
}
