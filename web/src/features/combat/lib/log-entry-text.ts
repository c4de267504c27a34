// The words of one combat log entry (decision 021): the server stores structured data only
// (who, to whom, the typed input, the roll's breakdown, HP before and after…) and the screen writes
// the sentence in the reader's language.
import type { TFunction } from 'i18next';
import type { CombatLogEntry } from '@questkeeper/core/schemas/combat';

export interface EntryText {
  /** What happened, as a sentence. */
  sentence: string;
  /** The figures behind it: the roll, HP before → after, a clamped roll, when a condition ends. */
  details: string[];
}

export function entryText(entry: CombatLogEntry, t: TFunction): EntryText {
  const target = entry.target?.name ?? '';
  const details: string[] = [];
  if (entry.breakdown) details.push(entry.breakdown);
  if (entry.clamped) details.push(t('combat.log.clamped'));
  if (entry.hpBefore !== null && entry.hpAfter !== null) {
    details.push(t('combat.log.hp', { before: entry.hpBefore, after: entry.hpAfter }));
  }
  if (entry.initiative !== null) details.push(t('combat.log.initiative', { initiative: entry.initiative }));
  const condition = entry.condition;
  if (condition && entry.type === 'addCondition' && condition.rounds !== null) {
    details.push(
      t(condition.endsOn === 'start' ? 'combat.log.endsStart' : 'combat.log.endsEnd', {
        name: condition.ofUnit.name,
      }),
    );
  }

  const sentence = (() => {
    switch (entry.type) {
      case 'add':
        return t(entry.target?.group === 'allies' ? 'combat.log.add_allies' : 'combat.log.add_enemies', {
          target,
        });
      case 'remove':
        return t('combat.log.remove', { target });
      case 'start':
        return t('combat.log.start');
      case 'attack':
      case 'heal': {
        const amount = entry.amount ?? 0;
        const actor = entry.actor?.name;
        if (entry.type === 'attack') {
          return actor
            ? t('combat.log.attack', { actor, target, amount, count: amount })
            : t('combat.log.attackAlone', { target, amount, count: amount });
        }
        return actor
          ? t('combat.log.heal', { actor, target, amount })
          : t('combat.log.healAlone', { target, amount });
      }
      case 'setStatus':
        return t('combat.log.setStatus', {
          target,
          before: entry.statusBefore ?? '',
          after: entry.statusAfter ?? '',
        });
      case 'addCondition':
        return condition?.rounds
          ? t('combat.log.addConditionFor', { target, status: condition.status, count: condition.rounds })
          : t('combat.log.addCondition', { target, status: condition?.status ?? '' });
      case 'removeCondition':
        return t('combat.log.removeCondition', { target, status: condition?.status ?? '' });
      case 'conditionExpired':
        return t('combat.log.conditionExpired', { target, status: condition?.status ?? '' });
      case 'nextTurn':
        return entry.wrapped
          ? t('combat.log.newRound', { round: entry.round, name: entry.turnOf?.name ?? '' })
          : t('combat.log.nextTurn', { name: entry.turnOf?.name ?? '' });
      case 'end':
        return t('combat.log.end');
      case 'reorder':
        return t('combat.log.reorder', { target });
    }
  })();
  const ended =
    entry.defeated === null
      ? ''
      : ` ${t(entry.defeated === 'allies' ? 'combat.endedAllies' : 'combat.endedEnemies')}`;
  return { sentence: sentence + ended, details };
}
