import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Box, Button, Card, CardContent, TextField, Tooltip, Typography } from '@mui/material';
import { Form, InputHelperText, required, useInput, useLogin, useTranslate } from 'react-admin';
import { useFormState, useWatch, type FieldValues } from 'react-hook-form';
import type { Credentials } from '../providers/authProvider';
import { useSession } from '../providers/useSession';
import { AppShell } from '../layout/AppShell';
import { HOME_PATH } from '../layout/navigation';
import { useNotifyTitled } from '../layout/notifications';
import { useTabTitle } from '../layout/useTabTitle';

type Field = keyof Credentials;

const REQUIRED = required();
// text stays text (react-admin turns a blank input into null by default)
const keepText = (value: unknown) => (value == null ? '' : String(value));

/**
 * A credentials field of the login form (react-admin's useInput), as a MUI
 * TextField so its tooltip can anchor to it; 'Required' once left empty.
 */
function LoginField({
  name,
  autoFocus,
  tip,
  onTip,
}: {
  name: Field;
  autoFocus?: boolean;
  /** the field whose tooltip is open: one at a time, so hover and focus never show two */
  tip: Field | null;
  onTip: (field: Field | null) => void;
}) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: name, validate: REQUIRED, parse: keepText });
  const missing = fieldState.isTouched && fieldState.invalid;
  return (
    <Tooltip
      title={translate(`login.${name}Tooltip`)}
      placement="right"
      arrow
      describeChild
      open={tip === name}
      onOpen={() => onTip(name)}
      onClose={() => onTip(null)}
    >
      <TextField
        {...field}
        label={translate(`login.${name}`)}
        type={name === 'password' ? 'password' : 'text'}
        autoComplete={name === 'password' ? 'current-password' : 'username'}
        autoFocus={autoFocus}
        required
        error={missing}
        helperText={missing ? <InputHelperText error={fieldState.error?.message} /> : ' '}
      />
    </Tooltip>
  );
}

/** Login, enabled once both fields have content and no login is under way. */
function LoginButton() {
  const translate = useTranslate();
  const [username, password] = useWatch({ name: ['username', 'password'] }) as unknown[];
  const { isSubmitting } = useFormState();
  const complete = typeof username === 'string' && username !== '' && typeof password === 'string' && password !== '';
  return (
    <Button type="submit" variant="contained" disabled={!complete || isSubmitting}>
      {translate('login.submit')}
    </Button>
  );
}

const EMPTY_CREDENTIALS: Credentials = { username: '', password: '' };

/** The login form (spec §2 Login, §5): Login is enabled once both fields have content. */
export function LoginForm() {
  const translate = useTranslate();
  const login = useLogin();
  const notifyTitled = useNotifyTitled();
  const { pathname, search } = useLocation();
  const [tip, setTip] = useState<Field | null>(null);

  const submit = async (values: FieldValues) => {
    const credentials: Credentials = { username: keepText(values.username), password: keepText(values.password) };
    try {
      // Shown in place of the page asked for: stay there. At /login, react-admin goes home.
      await login(credentials, pathname === '/login' ? undefined : pathname + search);
    } catch {
      notifyTitled('login.failureTitle', 'login.failureText');
    }
  };

  useTabTitle('login.heading');

  return (
    <Card sx={{ maxWidth: 400, mx: 'auto', mt: { xs: 2, md: 8 } }}>
      <CardContent>
        <Typography variant="h4" component="h1" gutterBottom>
          {translate('login.heading')}
        </Typography>
        <Form defaultValues={EMPTY_CREDENTIALS} onSubmit={submit} mode="onTouched" noValidate disableInvalidFormNotification>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            <LoginField name="username" autoFocus tip={tip} onTip={setTip} />
            <LoginField name="password" tip={tip} onTip={setTip} />
            <LoginButton />
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}

/** The login screen: the app shell without a menu, around the form. */
export function LoginScreen() {
  return (
    <AppShell>
      <LoginForm />
    </AppShell>
  );
}

/** react-admin's loginPage at /login; someone already logged in goes home. */
export function LoginPage() {
  return useSession() ? <Navigate to={HOME_PATH} replace /> : <LoginScreen />;
}
