import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Box, Button, Card, CardContent, Snackbar, TextField, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { LoginFailedError, type Credentials } from '../providers/login';
import { NOTIFICATION_PROPS, TitledMessage } from '../layout/notifications';
import { useTabTitle } from '../layout/useTabTitle';
import { useSmallScreen } from '../layout/useSmallScreen';
import { clearSubmittedBeforeHydration } from './typedBeforeHydration';

/**
 * The login form (docs/product.md#login-screen, docs/product.md#login-validation), on react-hook-form and MUI alone: it is
 * the first screen a visitor sees, shown before react-admin has loaded (and
 * inside it after a logout), so it carries nothing of the console it opens.
 */

type Field = keyof Credentials;

const EMPTY_CREDENTIALS: Credentials = { username: '', password: '' };

/** A credentials field with its tooltip; 'Required' once left empty. */
function LoginField({
  name,
  control,
  autoFocus,
  tip,
  onTip,
}: {
  name: Field;
  control: Control<Credentials>;
  autoFocus?: boolean;
  /** the field whose tooltip is open: one at a time, so hover and focus never show two */
  tip: Field | null;
  onTip: (field: Field | null) => void;
}) {
  const translate = useTranslate();
  const small = useSmallScreen();
  const { field, fieldState } = useController({ name, control, rules: { required: 'ra.validation.required' } });
  const missing = fieldState.isTouched && fieldState.invalid;
  return (
    <Tooltip
      title={translate(`login.${name}Tooltip`)}
      // on a phone there is no room to the right of a full-width field: the tip went off screen (m4)
      placement={small ? 'top' : 'right'}
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
        helperText={missing && fieldState.error?.message ? translate(fieldState.error.message) : ' '}
      />
    </Tooltip>
  );
}

/** Login, enabled once both fields have content and no login is under way. */
function LoginButton({ control, busy }: { control: Control<Credentials>; busy: boolean }) {
  const translate = useTranslate();
  const [username, password] = useWatch({ control, name: ['username', 'password'] });
  return (
    <Button type="submit" variant="contained" disabled={username === '' || password === '' || busy}>
      {translate('login.submit')}
    </Button>
  );
}

/**
 * The form; onLogin logs in and opens the console, rejecting when the login is
 * refused. `typed`: what was typed into the painted form before it was live,
 * taken over once hydrated (before the next paint, so nothing flickers);
 * `submitted`: Enter was pressed there too, so the form submits once live.
 */
export function LoginForm({
  onLogin,
  typed,
  submitted,
}: {
  onLogin: (credentials: Credentials) => Promise<void>;
  typed?: Partial<Credentials>;
  submitted?: boolean;
}) {
  const translate = useTranslate();
  const { control, handleSubmit, formState, setValue } = useForm<Credentials>({ defaultValues: EMPTY_CREDENTIALS, mode: 'onTouched' });
  useLayoutEffect(() => {
    for (const [name, value] of Object.entries(typed ?? {}) as [Field, string][]) setValue(name, value, { shouldDirty: true });
  }, [typed, setValue]);
  const [tip, setTip] = useState<Field | null>(null);
  // the failure's text: the spec's, or the server's own when it is unavailable (not the user's fault)
  const [failure, setFailure] = useState<string | null>(null);
  // data-live: the painted (prerendered) form now answers focus and blur too, not only typing
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  const submit = handleSubmit(async (credentials) => {
    setFailure(null);
    try {
      await onLogin(credentials);
    } catch (err) {
      setFailure((err instanceof LoginFailedError && err.serverText) || 'login.failureText');
    }
  });

  // a ref, not state: StrictMode's second effect run must not submit again
  const submittedEarly = useRef(false);
  useEffect(() => {
    if (!submitted || submittedEarly.current) return;
    submittedEarly.current = true;
    clearSubmittedBeforeHydration();
    void submit();
  }, [submitted, submit]);

  useTabTitle('login.heading');

  return (
    <Card sx={{ maxWidth: 400, mx: 'auto', mt: { xs: 2, md: 8 } }}>
      <CardContent>
        <Typography variant="h4" component="h1" gutterBottom>
          {translate('login.heading')}
        </Typography>
        <Box
          component="form"
          onSubmit={submit}
          noValidate
          data-live={live || undefined}
          sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
        >
          <LoginField name="username" control={control} autoFocus tip={tip} onTip={setTip} />
          <LoginField name="password" control={control} tip={tip} onTip={setTip} />
          <LoginButton control={control} busy={formState.isSubmitting} />
        </Box>
      </CardContent>
      <Snackbar open={failure !== null} onClose={() => setFailure(null)} {...NOTIFICATION_PROPS}>
        <div>
          <TitledMessage title="login.failureTitle" text={failure ?? 'login.failureText'} severity="error" />
        </div>
      </Snackbar>
    </Card>
  );
}
