// The words of one combat log entry (decision 021): the server stores structured data only
// (who, to whom, the typed input, the roll's breakdown, HP before and after…) and the screen writes
// the sentence in the reader's language. Counters, lair actions, groups and rerolls (docs/decisions/062):
// a recharge says its roll ("Recharge 5–6: rolled 3, not recharged"), a turn names the lair action or the
// group it goes to, a reroll lists the new order.
import type { TFunction } from 'i18next';
import { DEATH_SAVES_TO_END } from '@questkeeper/core/limits';
import type { CombatLogEntry } from '@questkeeper/core/schemas/combat';
import { baseName } from '@questkeeper/core/units/copies';

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
  // Asked for from a player's phone and approved (docs/product.md#players-take-part).
  if (entry.requestedBy) details.push(t('combat.log.requestedBy', { name: entry.requestedBy.name }));
  const counter = entry.counter;
  if (counter) {
    details.push(
      t('combat.log.counterChange', { label: counter.label, before: counter.before, after: counter.after }),
    );
    if (counter.ranOut) details.push(t('combat.log.counterRanOut', { label: counter.label }));
  }
  if (entry.hazard?.hidden && (entry.type === 'addHazard' || entry.type === 'removeHazard')) {
    details.push(t('combat.log.hazardHidden'));
  }
  if (entry.type === 'reroll' && entry.initiatives) {
    details.push(t('combat.log.rerollOrder', { order: orderText(entry.initiatives, t) }));
  }
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
      case 'nextTurn': {
        if (entry.hazard) {
          return entry.wrapped
            ? t('combat.log.newRoundHazard', { round: entry.round, name: entry.hazard.name })
            : t('combat.log.hazardTurn', { name: entry.hazard.name });
        }
        const name = entry.group ? groupText(entry.group, t) : (entry.turnOf?.name ?? '');
        return entry.wrapped
          ? t('combat.log.newRound', { round: entry.round, name })
          : t('combat.log.nextTurn', { name });
      }
      case 'counter':
        return counter ? counterSentence(target, counter, t) : '';
      case 'addHazard':
        return t('combat.log.addHazard', { name: entry.hazard?.name ?? '' });
      case 'removeHazard':
        return t('combat.log.removeHazard', { name: entry.hazard?.name ?? '' });
      case 'group':
        return t('combat.log.group', { group: entry.group ? groupText(entry.group, t) : '' });
      case 'ungroup':
        return t('combat.log.ungroup', { group: entry.group ? groupText(entry.group, t) : '' });
      case 'reroll':
        return t('combat.log.reroll');
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

/** "Goblin ×3": a group as the log names it. */
function groupText(group: { name: string; size: number }, t: TFunction): string {
  return t('combat.monsters.groups.name', { name: group.name, count: group.size });
}

type Counter = NonNullable<CombatLogEntry['counter']>;

/** "5–6" for a d6 that refills on 5 or 6; "6" when only the top face does. */
function rechargeRange(counter: Counter): string {
  const { die, min } = counter;
  if (die === null || min === null) return '';
  return min >= die ? String(die) : `${min}–${die}`;
}

function counterSentence(target: string, counter: Counter, t: TFunction): string {
  const values = { target, label: counter.label, after: counter.after, max: counter.max };
  switch (counter.reason) {
    case 'use':
      return t('combat.log.counterUse', values);
    case 'set':
      return t('combat.log.counterSet', values);
    case 'reset':
      return counter.kind === 'countdown'
        ? t('combat.log.counterCountdown', values)
        : t('combat.log.counterReset', values);
    case 'recharge':
      return t(
        counter.after > counter.before ? 'combat.log.counterRecharged' : 'combat.log.counterNotRecharged',
        {
          ...values,
          range: rechargeRange(counter),
          roll: counter.roll ?? 0,
        },
      );
  }
}

/**
 * The order a start or a reroll gave, in one line: "Goblin ×3 17, Aldric 12, Cave tremors 20" (a
 * group once, by its first member's name without its number).
 */
export function orderText(initiatives: NonNullable<CombatLogEntry['initiatives']>, t: TFunction): string {
  const parts: string[] = [];
  let index = 0;
  while (index < initiatives.length) {
    const item = initiatives[index]!;
    let end = index + 1;
    if (item.groupId !== null) {
      while (end < initiatives.length && initiatives[end]!.groupId === item.groupId) end += 1;
    }
    const size = end - index;
    const name = size > 1 ? groupText({ name: baseName(item.unit.name), size }, t) : item.unit.name;
    parts.push(`${name} ${item.initiative}`);
    index = end;
  }
  return parts.join(', ');
}
