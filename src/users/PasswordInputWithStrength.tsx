import { PasswordInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { passwordStrength } from '../domain/passwordStrength';
import { PasswordStrengthBar } from '../profile/PasswordStrengthBar';

/** A password a user-admin sets, measured by the same strength rule as Profile's (docs/product.md#password-change). */
export function PasswordInputWithStrength({ label }: { label: string }) {
  const password = useWatch({ name: 'password' });
  return (
    <>
      <PasswordInput source="password" label={label} autoComplete="new-password" helperText="users.temporaryHelp" variant="outlined" />
      <PasswordStrengthBar level={passwordStrength(typeof password === 'string' ? password : '')} />
    </>
  );
}
