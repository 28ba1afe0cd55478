import * as Tabs from '@radix-ui/react-tabs';
import { ArrowLeft } from 'lucide-react';
import type { FormEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ScreenLoading } from '../../../components/ui/screen-loading';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { textField } from '../../../lib/form-data';
import { pageTitle } from '../../../lib/page-meta';
import { useAuth } from '../api/current-user';
import { useLogin, useRegister } from '../api/sessions';
import type { SignUpField, SignUpFieldErrors, SignUpInput } from '../sign-up-limits';
import {
  fieldOfServerMessage,
  PASSWORD_MIN_LENGTH,
  SIGN_UP_FIELDS,
  validateSignUp,
} from '../sign-up-limits';

/**
 * A member who signs in elsewhere (another tab) while /auth is open is sent home after 100 ms. One
 * who opens /auth already signed in is sent home before the page is drawn (AuthRoute).
 */
export const AUTH_PAGE_REDIRECT_MS = 100;

function Field({
  id,
  label,
  error,
  ...props
}: { id: string; label: string; error?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        name={id}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function SignInForm() {
  const login = useLogin();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    login.mutate({ email: textField(form, 'email'), password: textField(form, 'password') });
  };
  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Sign in">
      <Field
        id="email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
      />
      <Field
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        placeholder="Password"
      />
      <Button type="submit" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

/** The sign-up form's inputs, by field. */
const SIGN_UP_INPUT_IDS: Record<SignUpField, string> = {
  displayName: 'displayName',
  username: 'username',
  email: 'signupEmail',
  password: 'signupPassword',
};

/**
 * Checks what it can before sending (the contract's required fields and password
 * length, in its words); a refusal that names a field ("Password is too common;
 * …") is shown under that field as well as in the toast.
 */
function SignUpForm() {
  const register = useRegister();
  const [errors, setErrors] = useState<SignUpFieldErrors>({});
  const clear = (field: SignUpField) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values: SignUpInput = {
      displayName: textField(form, SIGN_UP_INPUT_IDS.displayName),
      username: textField(form, SIGN_UP_INPUT_IDS.username),
      email: textField(form, SIGN_UP_INPUT_IDS.email),
      password: textField(form, SIGN_UP_INPUT_IDS.password),
    };
    const found = validateSignUp(values);
    setErrors(found);
    const first = SIGN_UP_FIELDS.find(({ name }) => found[name]);
    if (first) {
      document.getElementById(SIGN_UP_INPUT_IDS[first.name])?.focus();
      return;
    }
    register.mutate(values, {
      onError: (error) => {
        const message = error instanceof ApiError ? error.serverMessage : null;
        const field = message ? fieldOfServerMessage(message) : null;
        if (message && field) {
          setErrors({ [field]: message });
          document.getElementById(SIGN_UP_INPUT_IDS[field])?.focus();
        }
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Sign up">
      <Field
        id={SIGN_UP_INPUT_IDS.displayName}
        label="Display name"
        autoComplete="name"
        placeholder="Display name"
        error={errors.displayName}
        onChange={() => clear('displayName')}
      />
      <Field
        id={SIGN_UP_INPUT_IDS.username}
        label="Username"
        autoComplete="username"
        placeholder="username"
        error={errors.username}
        onChange={() => clear('username')}
      />
      <Field
        id={SIGN_UP_INPUT_IDS.email}
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email}
        onChange={() => clear('email')}
      />
      <Field
        id={SIGN_UP_INPUT_IDS.password}
        label="Password"
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        placeholder={`Password (min ${PASSWORD_MIN_LENGTH} characters)`}
        error={errors.password}
        onChange={() => clear('password')}
      />
      <Button type="submit" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Sign Up'}
      </Button>
    </form>
  );
}

/**
 * /auth: nothing is drawn until it is known who the reader is; a member who arrives signed in
 * goes home at once (a redirect, so Back does not return here), anyone else gets the page. Only
 * the status on arrival decides: signing in here leaves the page by its own delayed redirect.
 */
export default function AuthRoute() {
  const { status } = useAuth();
  const arrival = useRef<typeof status | null>(null);
  if (arrival.current === null && status !== 'loading') arrival.current = status;
  if (arrival.current === null) return <ScreenLoading />;
  if (arrival.current === 'authenticated') return <Navigate to={paths.home.getHref()} replace />;
  return <AuthPage />;
}

type AuthTab = 'signin' | 'signup';

/** Each tab's heading: the page says what it is for. */
const AUTH_HEADING: Record<AuthTab, string> = {
  signin: 'Sign in to Wave',
  signup: 'Join Wave',
};

function AuthPage() {
  const { status } = useAuth();
  const navigate = useNavigate();
  // The tab is in the address (?tab=signup), so 'Join now' opens Sign Up and a reload keeps it.
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AuthTab = searchParams.get('tab') === 'signup' ? 'signup' : 'signin';
  const setTab = (value: string) =>
    setSearchParams(value === 'signup' ? { tab: 'signup' } : {}, { replace: true });

  useEffect(() => {
    if (status !== 'authenticated') return;
    const timer = setTimeout(() => void navigate(paths.home.getHref()), AUTH_PAGE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-6 p-6">
      <Link
        to={paths.home.getHref()}
        className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back
      </Link>
      <title>{pageTitle(tab === 'signup' ? 'Sign up' : 'Sign in')}</title>
      <h1 className="text-3xl font-extrabold">{AUTH_HEADING[tab]}</h1>
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List
          aria-label="Sign in or sign up"
          className="mb-6 grid grid-cols-2 rounded-full bg-muted p-1"
        >
          <Tabs.Trigger
            value="signin"
            className="rounded-full py-2 text-sm font-semibold data-[state=active]:bg-background"
          >
            Sign In
          </Tabs.Trigger>
          <Tabs.Trigger
            value="signup"
            className="rounded-full py-2 text-sm font-semibold data-[state=active]:bg-background"
          >
            Sign Up
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="signin">
          <SignInForm />
        </Tabs.Content>
        <Tabs.Content value="signup">
          <SignUpForm />
        </Tabs.Content>
      </Tabs.Root>
    </main>
  );
}
