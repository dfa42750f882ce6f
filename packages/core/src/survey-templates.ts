/**
 * @module
 * The surveys a new one can start from, shared by `canvass survey new --template <name>` (docs/surveys.md#templates)
 * and the console's New survey: bodies of `POST /api/v1/management/surveys`, created through that route, so that
 * a template is checked as any survey is. Data only: the console's browser bundle takes it in.
 */
export interface SurveyTemplate {
  /** Its name for people (the console's choice). */
  label: string
  /** One line: `--list` and the console show it. */
  description: string
  body: Record<string, unknown>
}

const text = (value: string) => ({ default: value })
const thanks = [{ id: 'thanks', type: 'endScreen', headline: text('Thank you!'), subheader: text('Your answer helps us.') }]

export const SURVEY_TEMPLATES: Readonly<Record<string, SurveyTemplate>> = {
  nps: {
    label: 'Net Promoter Score',
    description: 'Net Promoter Score: how likely to recommend (0-10), and why',
    body: {
      name: 'Net Promoter Score',
      questions: [
        {
          id: 'nps',
          type: 'nps',
          headline: text('How likely are you to recommend us to a friend or colleague?'),
          lowerLabel: text('Not at all likely'),
          upperLabel: text('Extremely likely'),
        },
        { id: 'reason', type: 'openText', headline: text('What is the main reason for your score?'), required: false },
      ],
      endings: thanks,
    },
  },
  csat: {
    label: 'Customer satisfaction',
    description: 'Customer satisfaction: how satisfied (five faces), and what would make it better',
    body: {
      name: 'Customer satisfaction',
      questions: [
        {
          id: 'csat',
          type: 'csat',
          headline: text('How satisfied are you with our product?'),
          scale: 'smiley',
          lowerLabel: text('Very unsatisfied'),
          upperLabel: text('Very satisfied'),
        },
        { id: 'improve', type: 'openText', headline: text('What would make it better?'), required: false },
      ],
      endings: thanks,
    },
  },
  'product-market-fit': {
    label: 'Product-market fit',
    description: 'Product-market fit (Sean Ellis): how disappointed without the product, who benefits, the main benefit',
    body: {
      name: 'Product-market fit',
      questions: [
        {
          id: 'disappointment',
          type: 'multipleChoiceSingle',
          headline: text('How would you feel if you could no longer use our product?'),
          choices: [
            { id: 'very', label: text('Very disappointed') },
            { id: 'somewhat', label: text('Somewhat disappointed') },
            { id: 'not', label: text('Not disappointed') },
          ],
        },
        { id: 'who', type: 'openText', headline: text('What type of people would benefit most from it?'), required: false },
        { id: 'benefit', type: 'openText', headline: text('What is the main benefit you get from it?'), required: false },
      ],
      endings: thanks,
    },
  },
  churn: {
    label: 'Why are you leaving?',
    description: 'Churn: why they cancel, with a follow-up for each reason',
    body: {
      name: 'Why are you leaving?',
      blocks: [
        {
          id: 'reason',
          name: 'Reason',
          elements: [
            {
              id: 'reason',
              type: 'multipleChoiceSingle',
              headline: text('Why are you cancelling?'),
              choices: [
                { id: 'price', label: text('It is too expensive') },
                { id: 'features', label: text('It lacks features I need') },
                { id: 'other', label: text('Something else') },
              ],
            },
          ],
          logic: [jump('to-price', 'reason', 'price', 'price-page'), jump('to-features', 'reason', 'features', 'features-page')],
          logicFallback: 'other-page',
        },
        page('price-page', 'price', 'What price would have kept you?', 'thanks'),
        page('features-page', 'features', 'Which features were missing?', 'thanks'),
        page('other-page', 'other', 'What could we have done better?', 'thanks'),
      ],
      endings: thanks,
    },
  },
  'block-logic': {
    label: 'Rating with a follow-up page',
    description: 'A survey of pages: a rating whose low answers jump to a page asking what went wrong',
    body: {
      name: 'How did we do?',
      blocks: [
        {
          id: 'rate',
          name: 'Rating',
          elements: [{ id: 'rating', type: 'rating', headline: text('How would you rate your experience?'), scale: 'star', range: 5 }],
          logic: [
            {
              id: 'low',
              conditions: {
                id: 'low-all',
                connector: 'and',
                conditions: [
                  {
                    id: 'low-rating',
                    leftOperand: { type: 'element', value: 'rating' },
                    operator: 'isLessThan',
                    rightOperand: { type: 'static', value: 3 },
                  },
                ],
              },
              actions: [{ id: 'to-problem', objective: 'jumpToBlock', target: 'problem' }],
            },
          ],
          logicFallback: 'praise',
        },
        page('problem', 'problem', 'What went wrong?', 'thanks'),
        page('praise', 'praise', 'What did you like most?', 'thanks'),
      ],
      endings: thanks,
    },
  },
}

/** A rule that jumps to `target` when the choice question `element` is answered `choice`. */
function jump(id: string, element: string, choice: string, target: string) {
  return {
    id,
    conditions: {
      id: `${id}-all`,
      connector: 'and',
      conditions: [
        {
          id: `${id}-is`,
          leftOperand: { type: 'element', value: element },
          operator: 'equals',
          rightOperand: { type: 'static', value: choice },
        },
      ],
    },
    actions: [{ id: `${id}-go`, objective: 'jumpToBlock', target }],
  }
}

/** A page of one optional open question, which ends the survey at `ending`. */
function page(id: string, element: string, headline: string, ending: string) {
  return {
    id,
    name: headline,
    elements: [{ id: `${element}-detail`, type: 'openText', headline: text(headline), required: false }],
    logicFallback: ending,
  }
}
