// The page a player link opens, /{lang}/play/{token} (decisions 028 and 032): the fight
// as the game master lets players see it, live. Phone first; a table-screen mode for a TV. No
// account: the token in the URL is a read-only capability, so the page is never indexed and sends no
// referrer. Everything it shows comes redacted from the server; it hides nothing itself.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CircleOff, Radio, Trophy } from 'lucide-react';
import type { TFunction } from 'i18next';
import type { PlayerViewPayload } from '@questkeeper/core/schemas/player-view';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/ui/spinner';
import { PlayerChrome } from './components/player-chrome';
import { useTableScreen } from './hooks/use-table-screen';
import { PlayerGroupCard } from './components/player-group-card';
import { PlayerHazardCard } from './components/player-hazard-card';
import { PlayerReveals } from './components/player-reveals';
import { PlayerUnitCard } from './components/player-unit-card';
import { PlayerRequests } from './components/player-requests';
import { playerLogText } from './lib/player-log-text';
import { groupNames, playerRows, rowHasTurn } from './lib/player-rows';
import { usePlayerStream, type PlayerConnection } from './api/use-player-stream';

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

/** The order's rows: units, groups folded into one row each, lair actions and hazards. */
function OrderList({
  payload,
  turn,
  label,
}: {
  payload: PlayerViewPayload;
  turn: PlayerViewPayload['turn'];
  label: string;
}) {
  const { t } = useTranslation();
  const rows = playerRows(payload);
  if (rows.length === 0) return <p className="text-ink-muted">{t('playerView.nobody')}</p>;
  return (
    <ol aria-label={label} className="grid gap-2 lg:grid-cols-2">
      {rows.map((row) => (
        <li key={row.id} className="min-w-0">
          {row.kind === 'unit' ? (
            <PlayerUnitCard unit={row.unit} current={rowHasTurn(row, turn)} />
          ) : row.kind === 'group' ? (
            <PlayerGroupCard
              name={row.name}
              label={row.label}
              members={row.members}
              current={rowHasTurn(row, turn)}
            />
          ) : (
            <PlayerHazardCard hazard={row.hazard} current={rowHasTurn(row, turn)} />
          )}
        </li>
      ))}
    </ol>
  );
}

/** Whose turn, in words: a unit or its group by name, a lair action by name, or someone unseen. */
function turnText(payload: PlayerViewPayload, names: ReadonlyMap<string, string>, t: TFunction) {
  const turn = payload.turn;
  const unitId = turn?.unitId ?? null;
  const unit = unitId === null ? undefined : payload.units.find((item) => item.id === unitId);
  if (unit) return t('playerView.turnOf', { name: names.get(unit.id) ?? unit.name });
  const hazardId = turn?.hazardId;
  const hazard = hazardId === undefined ? undefined : payload.hazards.find((item) => item.id === hazardId);
  if (hazard) return t('playerView.lairActionOf', { name: hazard.name });
  return t('playerView.turnUnseen');
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
  const turn = fighting ? payload.turn : null;
  // Group names by member: the turn line and the log's turn lines name a group, not one member.
  const names = payload ? groupNames(ended && lastFight ? lastFight : payload) : new Map<string, string>();

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
                {/* Not a <p>: axe reads a large paragraph before another as a heading in disguise. */}
                <div className="font-display text-3xl font-semibold">
                  {t('playerView.round', { round: payload.round })}
                </div>
                <p className="mt-1 text-lg font-medium">{turnText(payload, names, t)}</p>
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
                <OrderList payload={payload} turn={turn} label={t('playerView.order')} />
              </section>
            ) : ended && lastFight ? (
              <section className="flex flex-col gap-2">
                <h2 className="text-xl font-semibold">{t('playerView.lastPicture')}</h2>
                <OrderList payload={lastFight} turn={null} label={t('playerView.lastPicture')} />
              </section>
            ) : payload.units.length > 0 ? (
              <OrderList payload={payload} turn={null} label={t('playerView.order')} />
            ) : null}

            {/* Players take part (docs/product.md#players-take-part): not on the table screen. */}
            {tableScreen.on ? null : <PlayerRequests token={token} payload={payload} />}

            <PlayerReveals revealed={payload.revealed} />
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
                      <span>{playerLogText(line, t, names)}</span>
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
