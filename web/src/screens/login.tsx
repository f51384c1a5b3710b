import { useState, type FormEvent, type ReactNode } from 'react';
import { useSession } from '../session.tsx';
import { ErrorText, Field } from '../ui/components.tsx';

/** The product's display title (spec 1 "Log In screen"). */
const DISPLAY_TITLE = 'Shiftinator';

/** Spec 1: initials are stripped to letters and digits and upper-cased; cell to letters and digits. */
function normalizeInitials(v: string): string {
  return v.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}
function normalizeCell(v: string): string {
  return v.replace(/[^A-Za-z0-9]/g, '');
}

export function LoginScreen(): ReactNode {
  const { signIn } = useSession();
  const [initials, setInitials] = useState('');
  const [cell, setCell] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const failure = await signIn(normalizeInitials(initials), normalizeCell(cell), password);
    setBusy(false);
    if (failure) setError(failure);
  };

  return (
    <div className="login">
      <h1>{DISPLAY_TITLE}</h1>
      <form onSubmit={(e) => void submit(e)} noValidate aria-describedby={error ? 'login-error' : undefined}>
        <Field label="Initials">{(id) => <input id={id} name="initials" autoComplete="username" value={initials} onChange={(e) => setInitials(e.target.value)} />}</Field>
        <Field label="Cell">{(id) => <input id={id} name="cell" type="tel" autoComplete="tel" value={cell} onChange={(e) => setCell(e.target.value)} />}</Field>
        <Field label="Password">
          {(id) => <input id={id} name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
        </Field>
        {error && (
          <div id="login-error">
            <ErrorText message={error} />
          </div>
        )}
        <button type="submit" className="primary" disabled={busy} aria-busy={busy}>
          Log In
        </button>
      </form>
    </div>
  );
}
