import { Anchor } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { fetchAccountArea } from '../api/account-area';
import { findProvider, useProviders } from '../api/get-provedores';

/**
 * The header's account button (spec §2): to /meupergamum — or, when the patron chose the
 * institution's external account area (decision 0023), there, through the generated address with
 * its one-time token, asked for at the click. Without an external area it is a plain link.
 */
export function AccountAreaLink({ to, children }: { to: string; children: ReactNode }) {
  const providers = useProviders(true);
  const navigate = useNavigate();
  const external = findProvider(providers.data, 'meupergamum')?.permitido === true;
  const onClick = (event: MouseEvent) => {
    // A new tab or window (a modified click) keeps the plain link.
    if (!external || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    fetchAccountArea()
      .then(({ base, url }) => (base === 'externa' ? window.location.assign(url) : navigate(url)))
      .catch(() => navigate(to));
  };
  return (
    <Anchor component={Link} to={to} onClick={onClick}>
      {children}
    </Anchor>
  );
}
