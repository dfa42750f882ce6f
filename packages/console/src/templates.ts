/**
 * What a new survey can start from: bodies of `POST /api/v1/management/surveys` (checked there as any survey
 * is), a few of those `canvass survey new --template` makes (packages/server/src/survey-templates.ts).
 */
export interface Template {
  id: string
  label: string
  description: string
  body: Record<string, unknown>
}

const text = (value: string) => ({ default: value })
const thanks = [{ id: 'thanks', type: 'endScreen', headline: text('Thank you!'), subheader: text('Your answer helps us.') }]

export const TEMPLATES: readonly Template[] = [
  {
    id: 'blank',
    label: 'Blank',
    description: 'One open question, to build on in the editor',
    body: {
      name: 'Untitled survey',
      questions: [{ id: 'feedback', type: 'openText', headline: text('What would you like to tell us?') }],
      endings: thanks,
    },
  },
  {
    id: 'nps',
    label: 'Net Promoter Score',
    description: 'How likely to recommend (0 to 10), and why',
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
  {
    id: 'csat',
    label: 'Customer satisfaction',
    description: 'How satisfied (five faces), and what would make it better',
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
  {
    id: 'product-market-fit',
    label: 'Product-market fit',
    description: 'How disappointed without the product, who benefits, the main benefit',
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
]
