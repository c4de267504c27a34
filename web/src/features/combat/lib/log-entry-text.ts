// The words of one combat log entry (decision 021): the server stores structured data only
// (who, to whom, the typed input, the roll's breakdown, HP before and after…) and the screen writes
// the sentence in the reader's language.
import type { TFunction } from 'i18next';
import { DEATH_SAVES_TO_END } from '@questkeeper/core/limits';
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
  // A blow's share of the one roll (docs/decisions/061-what-a-gm-tracks-every-round.md).
  if (entry.modifier !== null && entry.rolled !== null) {
    const key =
      entry.modifier === 'half'
        ? 'combat.log.modHalf'
        : entry.modifier === 'double'
          ? 'combat.log.modDouble'
          : 'combat.log.modNone';
    details.push(t(key, { rolled: entry.rolled, amount: entry.amount ?? 0 }));
  }
  if (entry.hpBefore !== null && entry.hpAfter !== null) {
    details.push(
      entry.type === 'attack' && entry.tempBefore !== null && entry.tempAfter !== null
        ? t('combat.log.hpTemp', {
            before: entry.hpBefore,
            after: entry.hpAfter,
            tempBefore: entry.tempBefore,
            tempAfter: entry.tempAfter,
          })
        : t('combat.log.hp', { before: entry.hpBefore, after: entry.hpAfter }),
    );
  }
  const save = entry.deathSave;
  if (entry.type === 'deathSave' && save) {
    if (save.successes >= DEATH_SAVES_TO_END) details.push(t('combat.log.deathSaveStable'));
    else if (save.failures >= DEATH_SAVES_TO_END) details.push(t('combat.log.deathSaveDead'));
    if (entry.statusBefore !== null && entry.statusAfter !== null) {
      details.push(t('combat.log.statusChange', { before: entry.statusBefore, after: entry.statusAfter }));
    }
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
      case 'setTempHp':
        return t('combat.log.setTempHp', {
          target,
          before: entry.tempBefore ?? 0,
          after: entry.tempAfter ?? 0,
        });
      case 'deathSave':
        return t(
          save?.result === 'failure' ? 'combat.log.deathSave_failure' : 'combat.log.deathSave_success',
          {
            target,
            successes: save?.successes ?? 0,
            failures: save?.failures ?? 0,
          },
        );
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
