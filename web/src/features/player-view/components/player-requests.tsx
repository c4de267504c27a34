// Players take part (docs/product.md#players-take-part): a player picks the character they play
// ("I play Brenna", remembered on this phone for this link, changeable), then sends requests for it —
// an initiative before the start; during the fight damage or healing on a unit the page shows (an
// amount or dice), a condition on themselves, the end of their turn on their turn — and follows
// their outcome (waiting, approved, rejected with the game master's reason) as the stream brings it.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Check, Clock, Hourglass, Send, UserRound, X } from 'lucide-react';
import type { PlayerViewPayload } from '@questkeeper/core/schemas/player-view';
import type { PlayerRequestLine } from '@questkeeper/core/schemas/player-requests';
import { checkAmount } from '@questkeeper/core/combat/amount';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { readPlayAs, sendPlayerRequest, writePlayAs, type PlayerRequestDraft } from '@/lib/player-requests';

type Kind = 'damage' | 'heal' | 'condition';

function lineText(line: PlayerRequestLine, payload: PlayerViewPayload, t: TFunction) {
  const target =
    payload.units.find((unit) => unit.id === line.targetId)?.name ?? t('playerRequests.someoneUnseen');
  switch (line.kind) {
    case 'initiative':
      return t('playerRequests.lines.initiative', { initiative: line.initiative ?? 0 });
    case 'damage':
      return t('playerRequests.lines.damage', { amount: line.amount ?? '', target });
    case 'heal':
      return t('playerRequests.lines.heal', { amount: line.amount ?? '', target });
    case 'condition':
      return line.rounds === null
        ? t('playerRequests.lines.condition', { condition: line.condition ?? '' })
        : t('playerRequests.lines.conditionRounds', { condition: line.condition ?? '', count: line.rounds });
    default:
      return t('playerRequests.lines.endTurn');
  }
}

function Outcome({ line }: { line: PlayerRequestLine }) {
  const { t } = useTranslation();
  if (line.status === 'pending')
    return (
      <span className="inline-flex items-center gap-1 text-ink-muted">
        <Hourglass aria-hidden="true" className="size-4 shrink-0" />
        {t('playerRequests.status.pending')}
      </span>
    );
  if (line.status === 'approved')
    return (
      <span className="inline-flex items-center gap-1 font-medium text-success">
        <Check aria-hidden="true" className="size-4 shrink-0" />
        {t('playerRequests.status.approved')}
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1 font-medium text-danger">
      <X aria-hidden="true" className="size-4 shrink-0" />
      {line.reason
        ? t('playerRequests.status.rejectedBecause', { reason: line.reason })
        : t('playerRequests.status.rejected')}
    </span>
  );
}

/** The refusal in words, and the fields it names. */
function useSending(token: string) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const [sent, setSent] = useState(false);
  const send = async (draft: PlayerRequestDraft) => {
    setBusy(true);
    setError(null);
    setFields({});
    setSent(false);
    try {
      await sendPlayerRequest(token, draft);
      setSent(true);
      return true;
    } catch (failure) {
      if (failure instanceof ApiError) {
        setError(failure.message);
        setFields(failure.fields);
      } else setError(t('common.genericError'));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, fields, sent, send };
}

export function PlayerRequests({ token, payload }: { token: string; payload: PlayerViewPayload }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [me, setMe] = useState<string | null>(() => readPlayAs(token));
  const characters = payload.units.filter((unit) => unit.player);
  const mine = me === null ? undefined : characters.find((unit) => unit.id === me);
  const sending = useSending(token);
  const [initiative, setInitiative] = useState('');
  const [kind, setKind] = useState<Kind>('damage');
  const [targetId, setTargetId] = useState('');
  const [amount, setAmount] = useState('');
  const [conditionId, setConditionId] = useState('');
  const [rounds, setRounds] = useState('');
  const [tried, setTried] = useState(false);

  const pick = (id: string | null) => {
    writePlayAs(token, id);
    setMe(id);
  };
  // A character no longer shown (hidden, out of the fight) shows the picker again; this phone still
  // remembers it, so it comes back when the game master shows it again.
  if (characters.length === 0 && !mine) {
    return payload.units.length > 0 ? (
      <p className="rounded-card border border-line bg-surface p-4 text-ink-muted">
        {t('playerRequests.noCharacters')}
      </p>
    ) : null;
  }

  if (!mine) {
    return (
      <section
        aria-labelledby={headingId}
        className="rounded-card border border-line bg-surface p-4 shadow-card"
      >
        <h2 id={headingId} className="text-xl font-semibold">
          {t('playerRequests.pickTitle')}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{t('playerRequests.pickHint')}</p>
        <ul className="mt-3 flex flex-wrap gap-2">
          {characters.map((unit) => (
            <li key={unit.id}>
              <Button
                variant="secondary"
                icon={<UserRound aria-hidden="true" className="size-4" />}
                onClick={() => pick(unit.id)}
              >
                {t('playerRequests.iPlay', { name: unit.name })}
              </Button>
            </li>
          ))}
        </ul>
      </section>
    );
  }

  const phase = payload.phase;
  const myTurn = phase === 'fight' && payload.turn?.unitId === mine.id;
  const lines = (payload.requests ?? []).filter((line) => line.as === mine.id);
  const targets = payload.units;
  const choices = payload.conditionChoices ?? [];
  const amountProblem = checkAmount(amount);
  const initiativeBad = !/^-?\d{1,6}$/.test(initiative.trim());

  const submitInitiative = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (initiativeBad) return;
    if (await sending.send({ kind: 'initiative', as: mine.id, initiative: Number(initiative.trim()) })) {
      setTried(false);
    }
  };
  const submitRequest = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    let draft: PlayerRequestDraft;
    if (kind === 'condition') {
      if (conditionId === '') return;
      const count = rounds.trim() === '' ? undefined : Number(rounds);
      draft = {
        kind: 'condition',
        as: mine.id,
        conditionId,
        ...(count === undefined || !Number.isFinite(count) ? {} : { rounds: count }),
      };
    } else {
      if (targetId === '' || amountProblem) return;
      draft = { kind, as: mine.id, targetId, amount: amount.trim() };
    }
    if (await sending.send(draft)) {
      setTried(false);
      setAmount('');
      setRounds('');
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          {t('playerRequests.playing', { name: mine.name })}
        </h2>
        <Button variant="ghost" size="sm" onClick={() => pick(null)}>
          {t('playerRequests.change')}
        </Button>
      </div>

      {phase === 'setup' ? (
        <form onSubmit={submitInitiative} noValidate className="flex flex-wrap items-end gap-2">
          <TextField
            className="min-w-0 flex-1"
            label={t('playerRequests.initiativeLabel')}
            inputMode="numeric"
            autoComplete="off"
            value={initiative}
            onChange={(event) => setInitiative(event.target.value)}
            error={tried && initiativeBad ? t('combat.fast.start.error') : sending.fields.initiative}
          />
          <Button type="submit" loading={sending.busy} icon={<Send aria-hidden="true" className="size-4" />}>
            {t('playerRequests.sendInitiative')}
          </Button>
        </form>
      ) : (
        <>
          <form onSubmit={submitRequest} noValidate className="flex flex-col gap-3">
            <h3 className="font-semibold">{t('playerRequests.formTitle')}</h3>
            <fieldset className="flex min-w-0 flex-wrap gap-x-4 gap-y-2">
              <legend className="mb-1 text-sm font-medium">{t('playerRequests.kindLabel')}</legend>
              {(['damage', 'heal', 'condition'] as const).map((value) => (
                <label key={value} className="inline-flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={`${headingId}-kind`}
                    value={value}
                    checked={kind === value}
                    onChange={() => setKind(value)}
                    className="size-4 accent-brand"
                  />
                  {t(`playerRequests.${value}`)}
                </label>
              ))}
            </fieldset>
            {kind === 'condition' ? (
              <div className="grid gap-3 sm:grid-cols-2">
                <SelectField
                  label={t('playerRequests.conditionLabel')}
                  value={conditionId}
                  onChange={setConditionId}
                  placeholder="—"
                  options={choices.map((choice) => ({ value: choice.id, label: choice.name }))}
                  error={tried && conditionId === '' ? t('validation.required') : sending.fields.conditionId}
                />
                <TextField
                  label={t('playerRequests.rounds')}
                  inputMode="numeric"
                  autoComplete="off"
                  value={rounds}
                  onChange={(event) => setRounds(event.target.value)}
                  error={sending.fields.rounds}
                />
              </div>
            ) : (
              <div className="grid gap-3 sm:grid-cols-2">
                <SelectField
                  label={t('playerRequests.target')}
                  value={targetId}
                  onChange={setTargetId}
                  placeholder="—"
                  options={targets.map((unit) => ({ value: unit.id, label: unit.name }))}
                  error={tried && targetId === '' ? t('validation.required') : sending.fields.targetId}
                />
                <TextField
                  label={t('playerRequests.amount')}
                  autoComplete="off"
                  placeholder={t('playerRequests.amountHint')}
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                  error={
                    tried && amountProblem
                      ? t(amountProblem.key, amountProblem.params)
                      : sending.fields.amount
                  }
                />
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              <Button
                type="submit"
                loading={sending.busy}
                icon={<Send aria-hidden="true" className="size-4" />}
              >
                {sending.busy ? t('playerRequests.sending') : t('playerRequests.send')}
              </Button>
              {myTurn ? (
                <Button
                  variant="secondary"
                  disabled={sending.busy}
                  icon={<Clock aria-hidden="true" className="size-4" />}
                  onClick={() => void sending.send({ kind: 'endTurn', as: mine.id })}
                >
                  {t('playerRequests.endTurn')}
                </Button>
              ) : null}
            </div>
          </form>
        </>
      )}

      <div role="status" aria-live="polite" className="text-sm">
        {sending.error ? (
          <p className="text-danger">{sending.error}</p>
        ) : sending.sent ? (
          <p className="text-success">{t('playerRequests.sent')}</p>
        ) : null}
      </div>

      <div className="flex flex-col gap-1">
        <h3 className="font-semibold">{t('playerRequests.mine')}</h3>
        {lines.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('playerRequests.none')}</p>
        ) : (
          <ul
            aria-live="polite"
            className="flex flex-col divide-y divide-line rounded-control border border-line"
          >
            {lines.map((line) => (
              <li key={line.id} data-request-status={line.status} className="flex flex-col gap-0.5 px-3 py-2">
                <span>{lineText(line, payload, t)}</span>
                <span className="text-sm">
                  <Outcome line={line} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
