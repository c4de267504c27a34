// The guided first fight's checklist (docs/product.md#guided-first-fight, docs/decisions/068), read and
// changed through GET/PATCH /api/me/guide. The server ticks steps where their real action happens; this
// module only refetches when such an action may have happened here (a fight or the campaign list changed
// in the cache) or elsewhere (the player page on a phone: a light poll while that step is next).
import { useEffect, type RefObject } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { nextGuideStep, type GuideStep } from '@questkeeper/core/guide/steps';
import type { GuideChange, GuideState, guideChange, guideState } from '@questkeeper/core/schemas/guide';
import { apiRequest } from './api-client';
import { combatKeys } from './combat-keys';
import { useUserId } from './query-client';

export type { GuideState, GuideStep };

export const guideKeys = {
  all: ['guide'] as const,
  state: (userId: string) => ['guide', userId] as const,
};

/** How often the checklist is read again while its next step happens on another device (a phone). */
const PHONE_POLL_MS = 4_000;

export function getGuide(signal?: AbortSignal) {
  return apiRequest<{ response: typeof guideState }>('GET', '/api/me/guide', signal ? { signal } : {});
}

export function changeGuide(body: GuideChange) {
  return apiRequest<{ body: typeof guideChange; response: typeof guideState }>('PATCH', '/api/me/guide', {
    body,
  });
}

export function useGuide() {
  const userId = useUserId();
  return useQuery({
    queryKey: guideKeys.state(userId),
    queryFn: ({ signal }) => getGuide(signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && !data.dismissed && nextGuideStep(data.done) === 'phone' ? PHONE_POLL_MS : false;
    },
    // The game master looks at the phone meanwhile: the desktop's tab may count as hidden.
    refetchIntervalInBackground: true,
  });
}

export function useGuideChange() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeGuide,
    onSuccess: (state) => queryClient.setQueryData(guideKeys.state(userId), state),
  });
}

/**
 * While the checklist is not complete, reads it again after a fight or the campaign list changed in
 * the cache: a run encounter, a blow, an undo and the demo table all answer into those queries, after
 * the server ticked the step. Nothing in the combat feature needs to know about the guide.
 */
/** The steps whose real action answers into the fight's or the campaigns' cached queries. */
const CACHE_TICKED: readonly GuideStep[] = ['demo', 'encounter', 'dice', 'undo'];

export function useGuideRefresh(state: GuideState | undefined) {
  const userId = useUserId();
  const queryClient = useQueryClient();
  // Only while the card is shown and a step that a cached answer can tick is left (the phone's step has
  // its own refresh): a closed or finished guide costs the fight nothing.
  const waiting =
    state !== undefined && !state.dismissed && CACHE_TICKED.some((step) => !state.done.includes(step));
  useEffect(() => {
    if (!waiting) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const [root] = event.query.queryKey;
      if (root !== combatKeys.all[0] && root !== 'campaigns') return;
      // A burst of cache writes (an action's answer, then its stream event) reads the checklist once.
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: guideKeys.state(userId) }),
        150,
      );
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [waiting, queryClient, userId]);
}

/**
 * Ticks "find the secret" once a secret block of the rules is on the game master's screen: the
 * element is watched until it is at least half in view, while the checklist (loaded by its panel) waits
 * for that step.
 */
export function useSecretSeen(containerRef: RefObject<HTMLElement | null>, enabled: boolean) {
  // The checklist as the panel loaded it: this hook never asks the server on its own.
  const userId = useUserId();
  const guide = useQuery({
    queryKey: guideKeys.state(userId),
    queryFn: ({ signal }) => getGuide(signal),
    enabled: false,
  }).data;
  const change = useGuideChange();
  const pending = guide !== undefined && !guide.done.includes('secret') && enabled;
  const { mutate, isPending } = change;
  useEffect(() => {
    const container = containerRef.current;
    if (!pending || isPending || !container || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        seen.disconnect();
        mutate({ seen: 'secret' });
      },
      { threshold: 0.5 },
    );
    const watch = () => container.querySelectorAll('.qk-secret').forEach((element) => seen.observe(element));
    watch();
    // The text renders in parts: secret blocks may appear after this effect.
    const added = new MutationObserver(watch);
    added.observe(container, { childList: true, subtree: true });
    return () => {
      added.disconnect();
      seen.disconnect();
    };
  }, [pending, isPending, containerRef, mutate]);
}
