import { useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Box, Button, Card, CardContent, TextField, Tooltip, Typography } from '@mui/material';
import { useLogin, useTranslate } from 'react-admin';
import type { Credentials } from '../providers/authProvider';
import { useSession } from '../providers/useSession';
import { AppShell } from '../layout/AppShell';
import { HOME_PATH } from '../layout/navigation';
import { useNotifyTitled } from '../layout/notifications';
import { useTabTitle } from '../layout/useTabTitle';

type Field = keyof Credentials;

function LoginField({
  name,
  value,
  onChange,
  autoFocus,
  tip,
  onTip,
}: {
  name: Field;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  /** the field whose tooltip is open: one at a time, so hover and focus never show two */
  tip: Field | null;
  onTip: (field: Field | null) => void;
}) {
  const translate = useTranslate();
  const [touched, setTouched] = useState(false);
  const missing = touched && value === '';
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
        name={name}
        label={translate(`login.${name}`)}
        type={name === 'password' ? 'password' : 'text'}
        autoComplete={name === 'password' ? 'current-password' : 'username'}
        autoFocus={autoFocus}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => setTouched(true)}
        error={missing}
        helperText={missing ? translate('ra.validation.required') : ' '}
      />
    </Tooltip>
  );
}

/** The login form (spec §2 Login, §5): Login is enabled once both fields have content. */
export function LoginForm() {
  const translate = useTranslate();
  const login = useLogin();
  const notifyTitled = useNotifyTitled();
  const { pathname, search } = useLocation();
  const [credentials, setCredentials] = useState<Credentials>({ username: '', password: '' });
  const [submitting, setSubmitting] = useState(false);
  const [tip, setTip] = useState<Field | null>(null);
  const complete = credentials.username !== '' && credentials.password !== '';

  const setField = (name: Field) => (value: string) => setCredentials((current) => ({ ...current, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete || submitting) return;
    setSubmitting(true);
    try {
      // Shown in place of the page asked for: stay there. At /login, react-admin goes home.
      await login(credentials, pathname === '/login' ? undefined : pathname + search);
    } catch {
      notifyTitled('login.failureTitle', 'login.failureText');
      setSubmitting(false);
    }
  };

  useTabTitle('login.heading');

  return (
    <Card sx={{ maxWidth: 400, mx: 'auto', mt: { xs: 2, md: 8 } }}>
      <CardContent>
        <Typography variant="h4" component="h1" gutterBottom>
          {translate('login.heading')}
        </Typography>
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <LoginField name="username" value={credentials.username} onChange={setField('username')} autoFocus tip={tip} onTip={setTip} />
          <LoginField name="password" value={credentials.password} onChange={setField('password')} tip={tip} onTip={setTip} />
          <Button type="submit" variant="contained" disabled={!complete || submitting}>
            {translate('login.submit')}
          </Button>
        </Box>
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
