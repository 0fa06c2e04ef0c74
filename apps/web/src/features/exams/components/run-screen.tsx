import { Box, Container, Grid, Stack } from '@mantine/core';
import type { TestRun } from '@qbank/contract';
import { useEffect, useRef, useState } from 'react';
import { useQuestionHandlers } from '../hooks/use-question-handlers';
import { useRunKeyboard } from '../hooks/use-run-keyboard';
import { useTestRun } from '../hooks/use-test-run';
import { countsOf } from '../lib/run-state';
import { ExamToolbar } from './exam-toolbar';
import { TextScale } from './font-size-control';
import { ReportProblemButton } from './report-problem';
import { OfflineBanner, StartFailedBanner } from './run-banners';
import { EndTestDialog, PausedOverlay, ShortcutsDialog, TimeUpDialog } from './run-dialogs';
import { NavigatorColumn, NavigatorDrawer } from './run-navigator';
import { RunPager } from './run-pager';
import { RunQuestion } from './run-question';
import { RunQuestionNavigator } from './run-question-navigator';
import { RunTopBar } from './run-top-bar';

/**
 * A new question on screen: its heading takes the focus (the old question's controls are gone) and the page
 * its top. Not on the first.
 */
function useFocusOnNewQuestion(current: number) {
  const headingRef = useRef<HTMLDivElement | null>(null);
  const firstQuestion = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the question changes
  useEffect(() => {
    if (firstQuestion.current) {
      firstQuestion.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [current]);
  return headingRef;
}

/** The exam screen of a test that is open (in progress or paused). */
export function RunScreen({ run, onSignOut }: { run: TestRun; onSignOut: () => void }) {
  const t = useTestRun(run);
  const { question, state, actions } = t;
  const [helpOpen, setHelpOpen] = useState(false);
  const [endOpen, setEndOpen] = useState(false);
  const [navOpen, setNavOpen] = useState(false);
  const stemRef = useRef<HTMLDivElement | null>(null);
  const headingRef = useFocusOnNewQuestion(t.current);
  const tutor = run.mode === 'TUTOR';
  const { handlers, selected, canSubmit, strikeMode, setStrikeMode } = useQuestionHandlers({
    mode: run.mode,
    qid: question.uuid,
    state,
    actions,
    stemRef,
  });
  const counts = countsOf(t.order, t.view);

  const overlayOpen = helpOpen || endOpen || navOpen || t.phase === 'paused' || t.phase === 'ended';
  useRunKeyboard({
    enabled: !overlayOpen,
    choices: question.answerChoices.map((c) => c.uuid),
    handlers,
    strikeMode,
    setStrikeMode,
    canSubmit,
    next: actions.next,
    previous: actions.previous,
    openHelp: () => setHelpOpen(true),
  });

  const navigator = (
    <RunQuestionNavigator
      order={t.order}
      view={t.view}
      mode={run.mode}
      current={t.current}
      onGo={(i) => {
        actions.go(i);
        setNavOpen(false);
      }}
    />
  );

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
      {t.offline && <OfflineBanner unsent={t.unsent} />}
      {t.phase === 'failed' && <StartFailedBanner failure={t.failure} />}
      <Container size="lg" py="md" px={{ base: 'sm', sm: 'md' }}>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <ExamToolbar productUuid={run.productUuid}>
                <ReportProblemButton questionId={question.uuid} />
              </ExamToolbar>
              <div ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
                <TextScale>
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
                </TextScale>
              </div>
              <RunPager
                current={t.current}
                total={t.order.length}
                onPrevious={actions.previous}
                onNext={actions.next}
                onFinish={() => setEndOpen(true)}
              />
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
        onLeave={t.leaveToDashboard}
      />
      <TimeUpDialog opened={t.phase === 'ended'} ready={t.reviewReady} onReview={t.openReview} />
    </Box>
  );
}
