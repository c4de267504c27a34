// A group players see at least two members of, as ONE row (docs/decisions/062): it takes one turn, so
// the turn marker is on the row; inside it, each member they see with its HP as the game master chose
// for its side (numbers, a band in words, or nothing) and its conditions.
import { useTranslation } from 'react-i18next';
import type { PlayerUnit } from '@questkeeper/core/schemas/player-view';
import { classColor } from '@/lib/class-color';
import { isShownDown, PlayerUnitStatus, RowBadges, rowFrame } from './player-unit-card';

export function PlayerGroupCard({
  name,
  label,
  members,
  current,
}: {
  /** The members' name without its number ("Goblin"). */
  name: string;
  /** The row's title ("Goblin ×3"). */
  label: string;
  members: PlayerUnit[];
  current: boolean;
}) {
  const { t } = useTranslation();
  const first = members[0];
  return (
    <article
      aria-label={t('playerView.groupLabel', { name, count: members.length })}
      aria-current={current ? 'step' : undefined}
      data-testid="player-group"
      className={rowFrame(current)}
    >
      <span
        aria-hidden="true"
        className="w-1.5 shrink-0 self-stretch rounded-full"
        style={{ backgroundColor: classColor(first?.color ?? null) }}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-2">
          <h3 className="min-w-0 font-sans text-lg font-semibold break-words">{label}</h3>
          <RowBadges
            current={current}
            kind={first?.group === 'allies' ? t('playerView.ally') : t('playerView.enemy')}
          />
        </div>
        <ul
          aria-label={t('playerView.groupMembers', { name })}
          className="flex flex-col divide-y divide-line"
        >
          {members.map((member) => (
            <li
              key={member.id}
              className={
                'flex min-w-0 flex-col gap-1 py-1.5 first:pt-0 last:pb-0' +
                (isShownDown(member) ? ' opacity-80' : '')
              }
            >
              <span className="min-w-0 text-sm font-semibold break-words">{member.name}</span>
              <PlayerUnitStatus unit={member} />
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
