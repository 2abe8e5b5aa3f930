import { Button, Modal } from '@mantine/core';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../ui/lazy-named';

// The login form (its fields, schema and single sign-on buttons) comes when the dialog opens.
const SignInPanel = lazyNamed(() => import('./sign-in-panel'), 'SignInPanel');

/** A "sign in" button opening the login form in a modal (spec §2); signing in closes it. */
export function SignInModalButton({ redirect, children }: { redirect: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" onClick={() => setOpen(true)}>
        {children ?? t('app.login')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('screens.login')} closeButtonProps={{ 'aria-label': t('app.close') }}>
        <Suspense fallback={null}>
          <SignInPanel variant="modal" redirect={redirect} onSignedIn={() => setOpen(false)} />
        </Suspense>
      </Modal>
    </>
  );
}
