import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

/**
 * A list's "New …" link as a button at every width: react-admin's CreateButton
 * turns into a floating "+" on a phone, which covered a row of Users and floated
 * over Admin's statistics, far from the list it adds to.
 */
export function NewButton({ label, to }: { label: string; to: string }) {
  const translate = useTranslate();
  return (
    <Button component={Link} to={to} size="small" startIcon={<AddIcon />}>
      {translate(label)}
    </Button>
  );
}
