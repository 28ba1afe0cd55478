import * as Tabs from '@radix-ui/react-tabs';
import { ArrowLeft } from 'lucide-react';
import type { FormEvent } from 'react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { textField } from '../../../lib/form-data';
import { useAuth } from '../api/current-user';
import { useLogin, useRegister } from '../api/sessions';

/** A signed-in user who lands on /auth is sent home after 100 ms. */
export const AUTH_PAGE_REDIRECT_MS = 100;

function Field({
  id,
  label,
  ...props
}: { id: string; label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input id={id} name={id} required {...props} />
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

function SignUpForm() {
  const register = useRegister();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    register.mutate({
      displayName: textField(form, 'displayName'),
      username: textField(form, 'username'),
      email: textField(form, 'signupEmail'),
      password: textField(form, 'signupPassword'),
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Sign up">
      <Field id="displayName" label="Display name" autoComplete="name" placeholder="Display name" />
      <Field id="username" label="Username" autoComplete="username" placeholder="username" />
      <Field
        id="signupEmail"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
      />
      <Field
        id="signupPassword"
        label="Password"
        type="password"
        autoComplete="new-password"
        minLength={6}
        placeholder="Password (min 6 characters)"
      />
      <Button type="submit" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Sign Up'}
      </Button>
    </form>
  );
}

export default function AuthPage() {
  const { status } = useAuth();
  const navigate = useNavigate();
  const [tab, setTab] = useState('signin');

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
      <h1 className="text-3xl font-extrabold">Join Wave</h1>
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
