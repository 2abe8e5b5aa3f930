import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { NoticeView, useNotify } from './notify';

/** A form's outcome as every screen shows it: a button that writes, and the notice in place. */
function Writer({ fails }: { fails: boolean }) {
  const notify = useNotify();
  return (
    <>
      <Button
        onClick={() =>
          notify.run(async () => {
            if (fails) throw new Error('recusado');
          }, 'Solicitação 8 enviada à biblioteca.')
        }
      >
        Enviar
      </Button>
      <NoticeView notice={notify.notice} />
    </>
  );
}

describe('the notice after a write', () => {
  it('takes the focus when it confirms, so a keyboard or screen reader user lands on the outcome', async () => {
    const { user } = renderScreen(<Writer fails={false} />);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const done = await screen.findByRole('status');
    expect(done.textContent).toBe('Solicitação 8 enviada à biblioteca.');
    expect(document.activeElement).toBe(done);
  });

  it('announces a problem as an alert and leaves the focus where it was, to correct the form', async () => {
    const { user } = renderScreen(<Writer fails />);
    const button = screen.getByRole('button', { name: 'Enviar' });
    await user.click(button);
    const problem = await screen.findByRole('alert');
    expect(problem.textContent).toBe('Ocorreu um erro inesperado no processamento.');
    expect(document.activeElement).toBe(button);
  });
});
