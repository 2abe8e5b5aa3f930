import { holdsEndpoints, type ReservaBody, reservaBodySchema } from '@estante/contracts/circulation';
import { Alert, Anchor, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoticeView, useNotify } from '../../../ui/notify';
import { useContractForm } from '../../../ui/use-contract-form';
import { messageOf } from '../../../api/client';
import { useHoldStart, usePlaceHold, validateHold } from '../api/holds';
import { HoldOutlook, holdOutlook } from './outlook';

/** The parts a title may ask the patron to pick, named as the hold's body names them. */
const PARTS = ['volume', 'tomo', 'parte'] as const;
type Field = 'biblioteca' | (typeof PARTS)[number] | 'material_adicional';

/**
 * The hold form of the title's "Reserva" tab (spec §3, §4, §5, §8): where the title can be held
 * (HoldOutlook, the same before and after signing in), then the library, and the volume / tome /
 * part when the title has them ("select all options"), checked with the hold's body schema
 * (useContractForm) and said in one notice; the server tells the place in the queue
 * (validar-fila), the patron confirms, the hold is placed. A visitor is asked to sign in
 * (`signIn`) only where there is something to hold.
 */
export function HoldForm({
  codAcervo,
  holdsHref,
  signedIn = true,
  signIn,
}: {
  codAcervo: number;
  holdsHref: string;
  signedIn?: boolean;
  /** The sign-in form a visitor is shown, when the title can be held. */
  signIn?: ReactNode;
}) {
  const { t } = useTranslation();
  const start = useHoldStart(codAcervo, signedIn);
  const place = usePlaceHold(codAcervo);
  const [checked, setChecked] = useState<{ body: ReservaBody; posicao: number } | null>(null);
  const [placed, setPlaced] = useState<number | null>(null);
  const notify = useNotify();
  const needed = { volume: start.data?.volumes ?? [], tomo: start.data?.tomos ?? [], parte: start.data?.partes ?? [] };
  const form = useContractForm(holdsEndpoints.validate, {
    schema: reservaBodySchema,
    initialValues: {
      biblioteca: null as string | null,
      volume: null as string | null,
      tomo: null as string | null,
      parte: null as string | null,
      material_adicional: null as string | null,
    },
    toBody: (values) => ({ cod_acervo: codAcervo, ...values, biblioteca: Number(values.biblioteca) }),
    rules: (values) => ({
      biblioteca: values.biblioteca ? null : t('holds.chooseLibrary'),
      ...Object.fromEntries(PARTS.map((k) => [k, needed[k].length > 0 && !values[k] ? t('holds.chooseAll') : null])),
    }),
  });

  if (start.isPending) return <Loader size="sm" aria-label={t('loading.title')} />;
  if (start.isError || !start.data)
    return (
      <Alert color="red" variant="filled">
        {t('errors.unexpected')}
      </Alert>
    );
  const info = start.data;
  const { holdable: libraries } = holdOutlook(info);
  const outlook = <HoldOutlook info={info} />;
  if (libraries.length === 0 || !signedIn) {
    return (
      <Stack gap="sm" maw={560}>
        {outlook}
        {libraries.length > 0 && (
          <>
            <Alert variant="light" color="yellow" role="note">
              {t('circulation.loginToHold')}
            </Alert>
            {signIn}
          </>
        )}
      </Stack>
    );
  }
  const message = (error: unknown) => messageOf(error, t('errors.unexpected'));

  const check = (event: FormEvent<HTMLFormElement>) => {
    notify.clear();
    setPlaced(null);
    form.onSubmit(
      async (body) => {
        try {
          setChecked({ body, posicao: (await validateHold(body)).posicao });
        } catch (error) {
          notify.problem(message(error));
        }
      },
      // The library first, then the parts: one notice, no field marked.
      (errors) => notify.problem(String(errors.biblioteca ?? Object.values(errors)[0])),
    )(event);
  };

  const confirm = async () => {
    if (!checked) return;
    notify.clear();
    try {
      const done = await place.mutateAsync(checked.body);
      setPlaced(done.posicao);
      setChecked(null);
    } catch (error) {
      notify.problem(message(error));
    }
  };

  const choose = (key: Field) => (value: string | null) => {
    form.setFieldValue(key, value);
    setChecked(null);
  };

  return (
    <form onSubmit={check} noValidate aria-busy={form.submitting || place.isPending}>
      <Stack gap="sm" maw={560}>
        {outlook}
        <NoticeView notice={notify.notice} />
        {placed !== null && (
          <Alert color="green" variant="light" role="status">
            {t('holds.placed', { position: placed })}{' '}
            <Anchor component={Link} to={holdsHref} underline="always">
              {t('holds.myHolds')}
            </Anchor>
          </Alert>
        )}
        <Select
          label={t('holds.library')}
          placeholder={t('login.choosePlaceholder')}
          data={libraries.map((l) => ({
            value: String(l.cod_biblioteca),
            label: t('holds.libraryOption', { library: l.desc_biblioteca, count: l.fila }),
          }))}
          value={form.values.biblioteca}
          onChange={choose('biblioteca')}
          allowDeselect={false}
          required
        />
        {needed.volume.length > 0 && (
          <Select label={t('holds.volume')} data={needed.volume} value={form.values.volume} onChange={choose('volume')} allowDeselect={false} required />
        )}
        {needed.tomo.length > 0 && (
          <Select label={t('holds.tomo')} data={needed.tomo} value={form.values.tomo} onChange={choose('tomo')} allowDeselect={false} required />
        )}
        {needed.parte.length > 0 && (
          <Select label={t('holds.parte')} data={needed.parte} value={form.values.parte} onChange={choose('parte')} allowDeselect={false} required />
        )}
        {info.materiais.length > 0 && (
          <Select label={t('holds.material')} data={info.materiais} value={form.values.material_adicional} onChange={choose('material_adicional')} clearable />
        )}
        {checked ? (
          <Group>
            <Text role="status">{t('holds.wouldBe', { position: checked.posicao })}</Text>
            <Button onClick={() => void confirm()} loading={place.isPending}>
              {t('holds.confirm')}
            </Button>
          </Group>
        ) : (
          <Button type="submit" loading={form.submitting}>
            {t('holds.check')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
