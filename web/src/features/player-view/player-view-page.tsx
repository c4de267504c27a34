// The page a player link opens, /{lang}/play/{token} (decisions 028 and 032): the fight
// as the game master lets players see it, live. Phone first; a table-screen mode for a TV. No
// account: the token in the URL is a read-only capability, so the page is never indexed and sends no
// referrer. Everything it shows comes redacted from the server; it hides nothing itself.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CircleOff, Radio, Trophy } from 'lucide-react';
import type { PlayerUnit, PlayerViewPayload } from '@questkeeper/core/schemas/player-view';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/ui/spinner';
import { PlayerChrome } from './components/player-chrome';
import { useTableScreen } from './hooks/use-table-screen';
import { PlayerUnitCard } from './components/player-unit-card';
import { playerLogText } from './lib/player-log-text';
import { usePlayerStream, type PlayerConnection } from './api/use-player-stream';

/** The units in initiative order; units outside it (a setup, a late join) after them. */
function ordered(payload: PlayerViewPayload): PlayerUnit[] {
  const byId = new Map(payload.units.map((unit) => [unit.id, unit]));
  const inOrder = payload.order.flatMap((id) => byId.get(id) ?? []);
  const placed = new Set(inOrder.map((unit) => unit.id));
  return [...inOrder, ...payload.units.filter((unit) => !placed.has(unit.id))];
}

function ConnectionStatus({ connection }: { connection: PlayerConnection }) {
  const { t } = useTranslation();
  if (connection === 'gone') return null;
  const live = connection === 'live';
  return (
    <p
      role="status"
      className={
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-sm font-medium ' +
        (live ? 'border-success/40 bg-success-soft text-success' : 'border-line bg-surface-muted text-ink')
      }
    >
      {live ? <Radio aria-hidden="true" className="size-4" /> : <Spinner className="size-4" />}
      {live
        ? t('playerView.live')
        : connection === 'connecting'
          ? t('playerView.connecting')
          : t('playerView.reconnecting')}
    </p>
  );
}

function Gone() {
  const { t } = useTranslation();
  return (
    <PlayerChrome>
      <PageTitle title={t('playerView.gone.title')} />
      <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
        <CircleOff aria-hidden="true" className="size-12 text-ink-muted" />
        <h1 className="text-3xl font-semibold">{t('playerView.gone.title')}</h1>
        <p className="text-ink-muted">{t('playerView.gone.text')}</p>
      </section>
    </PlayerChrome>
  );
}

function UnitList({ units, turnId, label }: { units: PlayerUnit[]; turnId: string | null; label: string }) {
  const { t } = useTranslation();
  if (units.length === 0) return <p className="text-ink-muted">{t('playerView.nobody')}</p>;
  return (
    <ol aria-label={label} className="grid gap-2 lg:grid-cols-2">
      {units.map((unit) => (
        <li key={unit.id} className="min-w-0">
          <PlayerUnitCard unit={unit} current={unit.id === turnId} />
        </li>
      ))}
    </ol>
  );
}

export default function PlayerViewPage() {
  const { t } = useTranslation();
  // The route's id segment (core/src/routes.ts: /play/:id) is the link's token.
  const { id: token = '' } = useParams();
  const { connection, payload, lastFight } = usePlayerStream(token);
  const tableScreen = useTableScreen();
  const logId = useId();

  if (connection === 'gone') return <Gone />;

  const fighting = payload?.phase === 'fight';
  const lastLine = payload?.log.at(-1);
  const ended = payload !== null && !fighting && lastLine?.type === 'end';
  const turnId = fighting ? (payload.turn?.unitId ?? null) : null;
  const turnUnit = turnId ? payload?.units.find((unit) => unit.id === turnId) : undefined;

  return (
    <PlayerChrome tableScreen={tableScreen}>
      <PageTitle title={t('playerView.title')} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t('playerView.title')}</h1>
        <ConnectionStatus connection={connection} />
      </div>

      {payload === null ? (
        <div className="flex h-40 items-center justify-center gap-2 text-ink-muted">
          <Spinner className="size-6" />
          <span>{t('common.loading')}</span>
        </div>
      ) : (
        <div className={`grid gap-4 ${tableScreen.on ? 'lg:grid-cols-[2fr_1fr]' : 'md:grid-cols-[3fr_2fr]'}`}>
          <div className="flex min-w-0 flex-col gap-4">
            {fighting ? (
              <section
                aria-live="polite"
                className="rounded-card border border-line bg-surface p-4 shadow-card"
              >
                <p className="font-display text-3xl font-semibold">
                  {t('playerView.round', { round: payload.round })}
                </p>
                <p className="mt-1 text-lg font-medium">
                  {turnUnit ? t('playerView.turnOf', { name: turnUnit.name }) : t('playerView.turnUnseen')}
                </p>
              </section>
            ) : ended ? (
              <section className="rounded-card border border-line bg-surface p-4 shadow-card">
                <h2 className="flex items-center gap-2 text-2xl font-semibold">
                  <Trophy aria-hidden="true" className="size-6 shrink-0 text-gold" />
                  {t('playerView.endedTitle')}
                </h2>
                <p className="mt-1 text-lg">
                  {lastLine.defeated === 'allies'
                    ? t('playerView.endedAllies')
                    : lastLine.defeated === 'enemies'
                      ? t('playerView.endedEnemies')
                      : t('playerView.endedByGm')}
                </p>
              </section>
            ) : (
              <p className="rounded-card border border-line bg-surface p-4 text-ink-muted">
                {t('playerView.waiting')}
              </p>
            )}

            {fighting ? (
              <section className="flex flex-col gap-2">
                <h2 className="text-xl font-semibold">{t('playerView.order')}</h2>
                <UnitList units={ordered(payload)} turnId={turnId} label={t('playerView.order')} />
              </section>
            ) : ended && lastFight ? (
              <section className="flex flex-col gap-2">
                <h2 className="text-xl font-semibold">{t('playerView.lastPicture')}</h2>
                <UnitList units={ordered(lastFight)} turnId={null} label={t('playerView.lastPicture')} />
              </section>
            ) : payload.units.length > 0 ? (
              <UnitList units={ordered(payload)} turnId={null} label={t('playerView.order')} />
            ) : null}
          </div>

          <section aria-labelledby={logId} className="flex min-w-0 flex-col gap-2">
            <h2 id={logId} className="text-xl font-semibold">
              {t('playerView.log.title')}
            </h2>
            {payload.log.length === 0 ? (
              <p className="text-ink-muted">{t('playerView.log.empty')}</p>
            ) : (
              // Newest first: on a phone the latest blow is what players look for.
              <ol className="flex flex-col divide-y divide-line rounded-card border border-line bg-surface">
                {payload.log
                  .map((line, index) => ({ line, index }))
                  .reverse()
                  .map(({ line, index }) => (
                    <li key={index} className="flex flex-col px-3 py-2">
                      <span className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
                        {t('playerView.log.roundTag', { round: line.round })}
                      </span>
                      <span>{playerLogText(line, t)}</span>
                    </li>
                  ))}
              </ol>
            )}
          </section>
        </div>
      )}
    </PlayerChrome>
  );
}
