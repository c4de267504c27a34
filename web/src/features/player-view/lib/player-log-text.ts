// A player log line as a sentence in the reader's language (docs/decisions/028): the server sends structured
// lines already redacted (decision 028); the page phrases them. An amount is only there when the
// target's side shows exact HP, and a turn passing to someone unseen names nobody. A turn that went
// to a lair action or hazard players see names it (docs/decisions/062), and a turn of a group they
// see is named after the group (`turnNames`: the page's group names by unit id).
import type { TFunction } from 'i18next';
import { DEATH_SAVES_TO_END } from '@questkeeper/core/limits';
import type { PlayerLogLine } from '@questkeeper/core/schemas/player-view';

export function playerLogText(
  line: PlayerLogLine,
  t: TFunction,
  turnNames: ReadonlyMap<string, string> = new Map(),
): string {
  const actor = line.actor?.name;
  const turnOf = line.actor ? (turnNames.get(line.actor.id) ?? line.actor.name) : undefined;
  const hazard = line.hazard;
  const target = line.target?.name ?? '';
  const status = line.condition ?? '';
  const sentence = (() => {
    switch (line.type) {
      case 'start':
        return hazard === undefined ? t('playerView.log.start') : t('playerView.log.startHazard', { hazard });
      case 'attack':
        if (line.amount === null)
          return actor
            ? t('playerView.log.attackNoAmount', { actor, target })
            : t('playerView.log.attackAloneNoAmount', { target });
        return actor
          ? t('playerView.log.attack', { actor, target, amount: line.amount, count: line.amount })
          : t('playerView.log.attackAlone', { target, amount: line.amount, count: line.amount });
      case 'heal':
        if (line.amount === null)
          return actor
            ? t('playerView.log.healNoAmount', { actor, target })
            : t('playerView.log.healAloneNoAmount', { target });
        return actor
          ? t('playerView.log.heal', { actor, target, amount: line.amount })
          : t('playerView.log.healAlone', { target, amount: line.amount });
      case 'addCondition':
        return t('playerView.log.addCondition', { target, status });
      case 'removeCondition':
        return t('playerView.log.removeCondition', { target, status });
      case 'conditionExpired':
        return t('playerView.log.conditionExpired', { target, status });
      case 'nextTurn':
        if (line.wrapped)
          return turnOf
            ? t('playerView.log.newRound', { round: line.round, name: turnOf })
            : hazard !== undefined
              ? t('playerView.log.newRoundHazard', { round: line.round, hazard })
              : t('playerView.log.newRoundUnseen', { round: line.round });
        return turnOf
          ? t('playerView.log.nextTurn', { name: turnOf })
          : hazard !== undefined
            ? t('playerView.log.hazardTurn', { hazard })
            : t('playerView.log.nextTurnUnseen');
      case 'end':
        return t('playerView.log.end');
      case 'deathSave': {
        // docs/decisions/061-what-a-gm-tracks-every-round.md: the tally, then the outcome once reached.
        const save = line.deathSave;
        if (!save) return '';
        const said = t(
          save.result === 'failure' ? 'playerView.log.deathSave_failure' : 'playerView.log.deathSave_success',
          {
            target,
            successes: save.successes,
            failures: save.failures,
          },
        );
        if (save.successes >= DEATH_SAVES_TO_END)
          return `${said} ${t('playerView.log.deathSaveStable', { target })}`;
        if (save.failures >= DEATH_SAVES_TO_END)
          return `${said} ${t('playerView.log.deathSaveDead', { target })}`;
        return said;
      }
    }
  })();
  const defeated =
    line.defeated === null
      ? ''
      : ` ${t(line.defeated === 'allies' ? 'playerView.endedAllies' : 'playerView.endedEnemies')}`;
  return sentence + defeated;
}
