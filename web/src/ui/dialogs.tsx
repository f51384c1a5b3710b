import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

/**
 * The spec's browser alerts and prompts, as in-page dialogs: the same words, but they can be read
 * by screen readers, styled, and answered from the keyboard (Enter, Escape).
 */

interface Pending {
  kind: 'alert' | 'confirm';
  message: string;
  resolve: (yes: boolean) => void;
}

interface Dialogs {
  alert: (message: string) => Promise<void>;
  confirm: (message: string) => Promise<boolean>;
}

const DialogContext = createContext<Dialogs | null>(null);

export function DialogProvider({ children }: { children: ReactNode }): ReactNode {
  const [queue, setQueue] = useState<Pending[]>([]);
  const open = useCallback(
    (kind: Pending['kind'], message: string) =>
      new Promise<boolean>((resolve) => setQueue((q) => [...q, { kind, message, resolve }])),
    [],
  );
  const dialogs = useMemo<Dialogs>(
    () => ({
      alert: async (message) => {
        await open('alert', message);
      },
      confirm: (message) => open('confirm', message),
    }),
    [open],
  );
  const current = queue[0];
  const answer = (yes: boolean): void => {
    if (!current) return;
    current.resolve(yes);
    setQueue((q) => q.slice(1));
  };
  return (
    <DialogContext.Provider value={dialogs}>
      {children}
      {current && <Dialog key={queue.length + current.message} pending={current} answer={answer} />}
    </DialogContext.Provider>
  );
}

function Dialog({ pending, answer }: { pending: Pending; answer: (yes: boolean) => void }): ReactNode {
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ok.current?.focus();
    return () => previous?.focus();
  }, []);
  return (
    <div className="dialog-backdrop">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="dialog-message"
        className="dialog"
        onKeyDown={(e) => {
          if (e.key === 'Escape') answer(false);
          // Focus stays in the dialog: two buttons at most.
          if (e.key === 'Tab') {
            const buttons = [...e.currentTarget.querySelectorAll('button')];
            const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
            const next = buttons[(i + (e.shiftKey ? buttons.length - 1 : 1)) % buttons.length];
            next?.focus();
            e.preventDefault();
          }
        }}
      >
        <p id="dialog-message">{pending.message}</p>
        <div className="dialog-buttons">
          {pending.kind === 'confirm' && (
            <button type="button" onClick={() => answer(false)}>
              Cancel
            </button>
          )}
          <button type="button" ref={ok} className="primary" onClick={() => answer(true)}>
            OK
          </button>
        </div>
      </div>
    </div>
  );
}

export function useDialogs(): Dialogs {
  const d = useContext(DialogContext);
  if (!d) throw new Error('useDialogs outside DialogProvider');
  return d;
}
