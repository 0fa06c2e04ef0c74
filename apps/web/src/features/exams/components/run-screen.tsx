import { Alert, Box, Button, Container, Grid, Group, Stack } from '@mantine/core';
import type { TestRun } from '@qbank/contract';
import IconChevronLeft from '@tabler/icons-react/dist/esm/icons/IconChevronLeft.mjs';
import IconChevronRight from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
import IconWifiOff from '@tabler/icons-react/dist/esm/icons/IconWifiOff.mjs';
import { useEffect, useRef, useState } from 'react';
import { HttpError } from '../../../lib/http';
import { useRunShortcuts } from '../hooks/use-run-shortcuts';
import { useTestRun } from '../hooks/use-test-run';
import { addHighlight, removeHighlightAt } from '../lib/highlights';
import { countsOf, toggleStruck } from '../lib/run-state';
import { EndTestDialog, PausedOverlay, ShortcutsDialog, TimeUpDialog } from './run-dialogs';
import { NavigatorColumn, NavigatorDrawer, type NavigatorItem, QuestionNavigator } from './run-navigator';
import { RunQuestion, type RunQuestionHandlers } from './run-question';
import { selectedRange } from './run-stem';
import { RunTopBar } from './run-top-bar';

/** After the time ran out and the answers are saved, the review opens on its own after this long. */
const REVIEW_AFTER_MS = 3000;

/** The exam screen of a test that is open (in progress or paused). */
export function RunScreen({ run, onSignOut }: { run: TestRun; onSignOut: () => void }) {
  const t = useTestRun(run);
  const { question, state, actions } = t;
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [strikeMode, setStrikeMode] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [endOpen, setEndOpen] = useState(false);
  const [navOpen, setNavOpen] = useState(false);
  const stemRef = useRef<HTMLDivElement | null>(null);
  const headingRef = useRef<HTMLDivElement | null>(null);
  const tutor = run.mode === 'TUTOR';
  const qid = question.uuid;
  const selected = tutor && !state.locked ? (drafts[qid] ?? null) : state.selectedChoice;
  const counts = countsOf(t.order, t.view);

  // A new question: its heading takes the focus (the old question's controls are gone) and the page its top.
  const firstQuestion = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the question changes
  useEffect(() => {
    if (firstQuestion.current) {
      firstQuestion.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [t.current]);

  const handlers: RunQuestionHandlers = {
    onChoose: (choice) => {
      if (tutor) {
        if (!state.locked) setDrafts((d) => ({ ...d, [qid]: choice }));
      } else actions.answer(qid, choice);
    },
    onSubmit: () => {
      const choice = drafts[qid];
      if (tutor && choice) actions.answer(qid, choice);
    },
    onClear: () => actions.unanswer(qid),
    onToggleFlag: () => actions.toggleFlag(qid),
    onToggleStrike: (choice) => actions.setMarks(qid, (m) => ({ struck: toggleStruck(m.struck, choice) })),
    onToggleStrikeMode: () => setStrikeMode((s) => !s),
    onHighlight: () => {
      const range = selectedRange(stemRef.current);
      if (!range) return;
      actions.setMarks(qid, (m) => ({ highlights: addHighlight(m.highlights, range) }));
      window.getSelection()?.removeAllRanges();
    },
    onRemoveHighlight: (offset) =>
      actions.setMarks(qid, (m) => ({ highlights: removeHighlightAt(m.highlights, offset) })),
    onClearHighlights: () => actions.setMarks(qid, () => ({ highlights: [] })),
    onNote: (note) => actions.setMarks(qid, () => ({ note })),
  };

  const overlayOpen = helpOpen || endOpen || navOpen || t.phase === 'paused' || t.phase === 'ended';
  useRunShortcuts({
    enabled: !overlayOpen,
    choiceCount: question.answerChoices.length,
    onCommand: (c) => {
      switch (c.type) {
        case 'choose': {
          const choice = question.answerChoices[c.index]!.uuid;
          if (strikeMode) handlers.onToggleStrike(choice);
          else handlers.onChoose(choice);
          return true;
        }
        case 'next':
          actions.next();
          return true;
        case 'previous':
          actions.previous();
          return true;
        case 'flag':
          handlers.onToggleFlag();
          return true;
        case 'submit':
          if (!tutor || state.locked || !drafts[qid]) return false;
          handlers.onSubmit();
          return true;
        case 'highlight':
          handlers.onHighlight();
          return true;
        case 'toggle-strike-mode':
          setStrikeMode((s) => !s);
          return true;
        case 'leave-strike-mode':
          if (!strikeMode) return false;
          setStrikeMode(false);
          return true;
        case 'help':
          setHelpOpen(true);
          return true;
      }
    },
  });

  useEffect(() => {
    if (!t.reviewReady) return;
    const timer = setTimeout(t.openReview, REVIEW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [t.reviewReady, t.openReview]);

  const items: NavigatorItem[] = t.order.map((id) => {
    const q = t.view[id]!;
    const answered = !!q.selectedChoice;
    return {
      answered,
      flagged: q.flagged,
      states: [answered ? 'answered' : 'unanswered', ...(q.flagged ? ['flagged'] : [])],
    };
  });
  const navigator = (
    <QuestionNavigator
      items={items}
      current={t.current}
      onGo={(i) => {
        actions.go(i);
        setNavOpen(false);
      }}
      summary={`${counts.answered} of ${t.order.length} answered${counts.flagged ? ` · ${counts.flagged} flagged` : ''}`}
      legend={[{ label: 'Answered', answered: true }]}
    />
  );
  const last = t.current === t.order.length - 1;

  return (
    <Box>
      <RunTopBar
        name={run.name}
        mode={run.mode}
        clock={t.clock}
        pausing={t.busy === 'pause'}
        canPause={t.phase === 'running'}
        onExpired={() => {
          if (!tutor && t.phase === 'running') void t.finish();
        }}
        onPause={() => void t.pause()}
        onEnd={() => setEndOpen(true)}
        onHelp={() => setHelpOpen(true)}
        onSignOut={onSignOut}
        onOpenNavigator={() => setNavOpen(true)}
      />
      {t.offline && (
        <Alert
          color="yellow"
          radius={0}
          icon={<IconWifiOff size={18} aria-hidden />}
          title="You are offline"
          role="status"
        >
          Your answers are saved on this device and will be sent when the connection returns.
          {t.unsent > 0 && ` ${t.unsent} change${t.unsent === 1 ? '' : 's'} waiting.`}
        </Alert>
      )}
      {t.phase === 'failed' && (
        <Alert color="red" radius={0} role="alert" title="The test could not be started">
          {t.failure instanceof HttpError
            ? t.failure.serverMessage
            : 'The server could not be reached. Check your connection, then reload.'}
          <Button size="xs" variant="default" ml="sm" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </Alert>
      )}
      <Container size="lg" py="md" px={{ base: 'sm', sm: 'md' }}>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <div ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
                <RunQuestion
                  question={question}
                  state={state}
                  mode={run.mode}
                  index={t.current}
                  total={t.order.length}
                  selected={selected}
                  strikeMode={strikeMode}
                  stemRef={stemRef}
                  handlers={handlers}
                />
              </div>
              <Group justify="space-between">
                <Button
                  variant="default"
                  leftSection={<IconChevronLeft size={16} aria-hidden />}
                  onClick={actions.previous}
                  disabled={t.current === 0}
                >
                  Previous
                </Button>
                {last ? (
                  <Button color="red.9" variant="outline" onClick={() => setEndOpen(true)}>
                    Finish
                  </Button>
                ) : (
                  <Button rightSection={<IconChevronRight size={16} aria-hidden />} onClick={actions.next}>
                    Next
                  </Button>
                )}
              </Group>
            </Stack>
          </Grid.Col>
          <NavigatorColumn>{navigator}</NavigatorColumn>
        </Grid>
      </Container>
      <NavigatorDrawer opened={navOpen} onClose={() => setNavOpen(false)}>
        {navigator}
      </NavigatorDrawer>
      <ShortcutsDialog opened={helpOpen} onClose={() => setHelpOpen(false)} />
      <EndTestDialog
        opened={endOpen}
        onClose={() => setEndOpen(false)}
        unanswered={counts.unanswered}
        flagged={counts.flagged}
        onEnd={t.end}
      />
      <PausedOverlay
        opened={t.phase === 'paused'}
        resuming={t.busy === 'resume'}
        onResume={() => void t.resume()}
        onSignOut={onSignOut}
      />
      <TimeUpDialog opened={t.phase === 'ended'} ready={t.reviewReady} onReview={t.openReview} />
    </Box>
  );
}
