import type { ReservaBody } from '@estante/contracts';
import { Alert, Anchor, Button, Group, List, Loader, Select, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoticeView, useNotify } from '../../../ui/notify';
import { messageOf } from '../../../api/client';
import { useHoldStart, usePlaceHold, validateHold } from '../api/holds';

/**
 * The hold form of the title's "Reserva" tab (spec §3, §4, §5, §8): the library, and the
 * volume / tome / part when the title has them ("select all options"); the server tells the
 * place in the queue (validar-fila), the patron confirms, the hold is placed.
 */
export function HoldForm({ codAcervo, holdsHref }: { codAcervo: number; holdsHref: string }) {
  const { t } = useTranslation();
  const start = useHoldStart(codAcervo);
  const place = usePlaceHold(codAcervo);
  const [library, setLibrary] = useState<string | null>(null);
  const [parts, setParts] = useState<{ volume: string | null; tomo: string | null; parte: string | null; material: string | null }>({
    volume: null,
    tomo: null,
    parte: null,
    material: null,
  });
  const [checked, setChecked] = useState<{ body: ReservaBody; posicao: number } | null>(null);
  const [placed, setPlaced] = useState<number | null>(null);
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  if (start.isPending) return <Loader size="sm" aria-label={t('loading.title')} />;
  if (start.isError || !start.data)
    return (
      <Alert color="red" variant="filled">
        {t('errors.unexpected')}
      </Alert>
    );
  const info = start.data;
  // A hold is for a copy that is out: where one is on the shelf the patron takes it at the desk
  // (the server refuses such a hold), so those libraries are named first, not offered.
  const onShelf = info.bibliotecas.filter((l) => l.disponiveis > 0);
  const libraries = info.bibliotecas.filter((l) => l.exemplares > 0 && l.disponiveis === 0);
  const shelfNotice = onShelf.length > 0 && (
    <Alert color="green" variant="light" role="note" title={t('holds.onShelfHeading')}>
      <List size="sm">
        {onShelf.map((l) => (
          <List.Item key={l.cod_biblioteca}>{t('holds.onShelf', { library: l.desc_biblioteca, count: l.disponiveis })}</List.Item>
        ))}
      </List>
    </Alert>
  );
  if (libraries.length === 0) {
    return (
      <Stack gap="sm" maw={560}>
        {shelfNotice}
        <Text>{onShelf.length > 0 ? t('holds.allOnShelf') : t('holds.noneHere')}</Text>
      </Stack>
    );
  }
  const needed = { volume: info.volumes, tomo: info.tomos, parte: info.partes };

  const message = (error: unknown) => messageOf(error, t('errors.unexpected'));

  const check = async (event: FormEvent) => {
    event.preventDefault();
    notify.clear();
    setPlaced(null);
    if (!library) return notify.problem(t('holds.chooseLibrary'));
    if ((Object.keys(needed) as (keyof typeof needed)[]).some((k) => needed[k].length > 0 && !parts[k])) return notify.problem(t('holds.chooseAll'));
    const body: ReservaBody = {
      cod_acervo: codAcervo,
      biblioteca: Number(library),
      volume: parts.volume,
      tomo: parts.tomo,
      parte: parts.parte,
      material_adicional: parts.material,
    };
    setBusy(true);
    try {
      setChecked({ body, posicao: (await validateHold(body)).posicao });
    } catch (error) {
      notify.problem(message(error));
    } finally {
      setBusy(false);
    }
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

  const choose = (key: keyof typeof parts) => (value: string | null) => {
    setParts((p) => ({ ...p, [key]: value }));
    setChecked(null);
  };

  return (
    <form onSubmit={check} noValidate aria-busy={busy || place.isPending}>
      <Stack gap="sm" maw={560}>
        {shelfNotice}
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
          value={library}
          onChange={(v) => {
            setLibrary(v);
            setChecked(null);
          }}
          allowDeselect={false}
          required
        />
        {needed.volume.length > 0 && (
          <Select label={t('holds.volume')} data={needed.volume} value={parts.volume} onChange={choose('volume')} allowDeselect={false} required />
        )}
        {needed.tomo.length > 0 && (
          <Select label={t('holds.tomo')} data={needed.tomo} value={parts.tomo} onChange={choose('tomo')} allowDeselect={false} required />
        )}
        {needed.parte.length > 0 && (
          <Select label={t('holds.parte')} data={needed.parte} value={parts.parte} onChange={choose('parte')} allowDeselect={false} required />
        )}
        {info.materiais.length > 0 && (
          <Select label={t('holds.material')} data={info.materiais} value={parts.material} onChange={choose('material')} clearable />
        )}
        {checked ? (
          <Group>
            <Text role="status">{t('holds.wouldBe', { position: checked.posicao })}</Text>
            <Button onClick={() => void confirm()} loading={place.isPending}>
              {t('holds.confirm')}
            </Button>
          </Group>
        ) : (
          <Button type="submit" loading={busy}>
            {t('holds.check')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
