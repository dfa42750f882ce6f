/**
 * @module
 * The surveys a new one can start from, shared by `canvass survey new --template <name>` (docs/surveys.md#templates)
 * and the console's New survey: bodies of `POST /api/v1/management/surveys`, created through that route, so that
 * a template is checked as any survey is. Data and pure functions only: the console's browser bundle takes it in.
 */
export interface SurveyTemplate {
  /** Its name for people (the console's choice). */
  label: string
  /** What it is for, one of `TEMPLATE_CATEGORIES`: the console groups by it, `--list` shows it. */
  category: TemplateCategory
  /** One line: `--list` and the console show it. */
  description: string
  body: Record<string, unknown>
}

/** The groups templates are listed in, in this order. */
export const TEMPLATE_CATEGORIES = [
  'Product feedback',
  'NPS and satisfaction',
  'Onboarding',
  'Churn and retention',
  'Research',
  'Events and teams',
] as const
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number]

type Question = Record<string, unknown>

const text = (value: string) => ({ default: value })
const thanks = [{ id: 'thanks', type: 'endScreen', headline: text('Thank you!'), subheader: text('Your answer helps us.') }]
/** A choice's id: its label in lower case, words joined by dashes. */
const idOf = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)
const choicesOf = (labels: string[]) => labels.map((label) => ({ id: idOf(label), label: text(label) }))

const open = (id: string, headline: string, more: Question = {}): Question => ({
  id,
  type: 'openText',
  headline: text(headline),
  required: false,
  ...more,
})
const single = (id: string, headline: string, labels: string[], more: Question = {}): Question => ({
  id,
  type: 'multipleChoiceSingle',
  headline: text(headline),
  choices: choicesOf(labels),
  ...more,
})
const multi = (id: string, headline: string, labels: string[], more: Question = {}): Question => ({
  id,
  type: 'multipleChoiceMulti',
  headline: text(headline),
  choices: choicesOf(labels),
  ...more,
})
const rating = (id: string, headline: string, scale: 'number' | 'star' | 'smiley', range: number, low: string, high: string): Question => ({
  id,
  type: 'rating',
  headline: text(headline),
  scale,
  range,
  lowerLabel: text(low),
  upperLabel: text(high),
})
const nps = (id: string, headline: string): Question => ({
  id,
  type: 'nps',
  headline: text(headline),
  lowerLabel: text('Not at all likely'),
  upperLabel: text('Extremely likely'),
})
const matrix = (id: string, headline: string, rows: string[], columns: string[]): Question => ({
  id,
  type: 'matrix',
  headline: text(headline),
  rows: rows.map((row) => ({ id: idOf(row), label: text(row) })),
  columns: columns.map((column) => ({ id: idOf(column), label: text(column) })),
})
/** A survey of one page per question, ending with the thanks. */
const survey = (name: string, questions: Question[]) => ({ name, questions, endings: thanks })
const AGREE = ['Disagree', 'Neutral', 'Agree']

export const SURVEY_TEMPLATES: Readonly<Record<string, SurveyTemplate>> = {
  // Product feedback
  'feature-request': {
    label: 'Feature request',
    category: 'Product feedback',
    description: 'What people wish the product did, the problem behind it, and how much it matters',
    body: survey('Feature request', [
      open('wish', 'What would you like our product to do that it does not do today?', { required: true, longAnswer: true }),
      open('problem', 'What problem would it solve for you?', { longAnswer: true }),
      single('importance', 'How important is this to you?', ['Nice to have', 'Important', 'I cannot work without it']),
    ]),
  },
  'feature-feedback': {
    label: 'Feedback on a feature',
    category: 'Product feedback',
    description: 'How useful a feature is (five stars), what is missing from it, and how often it is used',
    body: survey('Feedback on a feature', [
      rating('useful', 'How useful is this feature to you?', 'star', 5, 'Not useful', 'Very useful'),
      single('often', 'How often do you use it?', ['Every day', 'Every week', 'Now and then', 'This was my first time']),
      open('missing', 'What is missing from it, or what would you change?', { longAnswer: true }),
    ]),
  },
  'product-market-fit': {
    label: 'Product-market fit',
    category: 'Product feedback',
    description: 'Product-market fit (Sean Ellis): how disappointed without the product, who benefits, the main benefit',
    body: survey('Product-market fit', [
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
      open('who', 'What type of people would benefit most from it?'),
      open('benefit', 'What is the main benefit you get from it?'),
    ]),
  },
  'bug-report': {
    label: 'Report a problem',
    category: 'Product feedback',
    description: 'What went wrong, where, how badly it gets in the way, and an email to follow up',
    body: survey('Report a problem', [
      open('what', 'What went wrong?', {
        required: true,
        longAnswer: true,
        placeholder: text('What you did, what you expected, what happened'),
      }),
      single('where', 'Where did it happen?', ['On the website', 'In the mobile app', 'In the desktop app', 'Somewhere else']),
      single('impact', 'How much does it get in your way?', ['A little', 'I found a way around it', 'I cannot go on']),
      open('email', 'May we write to you about it? Leave your email.', { inputType: 'email' }),
    ]),
  },
  'pricing-feedback': {
    label: 'Pricing feedback',
    category: 'Product feedback',
    description: 'Whether the price is fair for what people get, and what would make it worth more',
    body: survey('Pricing feedback', [
      single('fair', 'How do you find our price for what you get?', ['Too cheap', 'About right', 'A bit expensive', 'Far too expensive']),
      multi('value', 'What do you value most in what you pay for?', [
        'Features',
        'Support',
        'Reliability',
        'Integrations',
        'Something else',
      ]),
      open('worth', 'What would make it worth more to you?'),
    ]),
  },
  // NPS and satisfaction
  nps: {
    label: 'Net Promoter Score',
    category: 'NPS and satisfaction',
    description: 'Net Promoter Score: how likely to recommend (0-10), and why',
    body: survey('Net Promoter Score', [
      nps('nps', 'How likely are you to recommend us to a friend or colleague?'),
      open('reason', 'What is the main reason for your score?'),
    ]),
  },
  csat: {
    label: 'Customer satisfaction',
    category: 'NPS and satisfaction',
    description: 'Customer satisfaction: how satisfied (five faces), and what would make it better',
    body: survey('Customer satisfaction', [
      {
        id: 'csat',
        type: 'csat',
        headline: text('How satisfied are you with our product?'),
        scale: 'smiley',
        lowerLabel: text('Very unsatisfied'),
        upperLabel: text('Very satisfied'),
      },
      open('improve', 'What would make it better?'),
    ]),
  },
  ces: {
    label: 'Customer effort',
    category: 'NPS and satisfaction',
    description: 'Customer effort score: how easy a task was (seven points), and what made it hard',
    body: survey('Customer effort', [
      {
        id: 'ces',
        type: 'ces',
        headline: text('How easy was it to do what you came to do?'),
        scale: 'number',
        range: 7,
        lowerLabel: text('Very hard'),
        upperLabel: text('Very easy'),
      },
      open('hard', 'What made it harder than it should be?'),
    ]),
  },
  'support-satisfaction': {
    label: 'Support conversation',
    category: 'NPS and satisfaction',
    description: 'After a support conversation: was the problem solved, how was the help, anything to add',
    body: survey('Support conversation', [
      single('solved', 'Was your problem solved?', ['Yes', 'Partly', 'No']),
      rating('helpful', 'How would you rate the help you got?', 'smiley', 5, 'Poor', 'Excellent'),
      open('add', 'Anything you would like to add about the conversation?'),
    ]),
  },
  'block-logic': {
    label: 'Rating with a follow-up page',
    category: 'NPS and satisfaction',
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
  // Onboarding
  'onboarding-experience': {
    label: 'Getting started',
    category: 'Onboarding',
    description: 'How easy the first steps were, where people got stuck, and what would have helped',
    body: survey('Getting started', [
      rating('easy', 'How easy was it to get started?', 'number', 5, 'Very hard', 'Very easy'),
      single('stuck', 'Did you get stuck anywhere?', [
        'No, it went smoothly',
        'Setting up my account',
        'Inviting my team',
        'Connecting my tools',
        'Somewhere else',
      ]),
      open('helped', 'What would have helped you get going faster?'),
    ]),
  },
  'signup-source': {
    label: 'How did you hear about us?',
    category: 'Onboarding',
    description: 'Where new sign-ups came from, in one question, with room for details',
    body: survey('How did you hear about us?', [
      single('heard', 'How did you hear about us?', [
        'A search engine',
        'A friend or colleague',
        'Social media',
        'A blog post or article',
        'An event or podcast',
        'Somewhere else',
      ]),
      open('detail', 'Tell us more, if you like (which site, post or person)'),
    ]),
  },
  'signup-goals': {
    label: 'What brings you here?',
    category: 'Onboarding',
    description: "A new user's role and goals, to shape their first days",
    body: survey('What brings you here?', [
      single('role', 'What best describes your role?', [
        'Product',
        'Engineering',
        'Design',
        'Marketing',
        'Sales or support',
        'Founder',
        'Something else',
      ]),
      multi('goals', 'What do you want to get done with us?', [
        'Understand my users',
        'Measure satisfaction',
        'Find out why people leave',
        'Test new ideas',
        'Something else',
      ]),
      single('team', 'How many people will use it with you?', ['Just me', '2 to 10', '11 to 50', 'More than 50']),
    ]),
  },
  // Churn and retention
  churn: {
    label: 'Why are you leaving?',
    category: 'Churn and retention',
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
  'trial-ended': {
    label: 'Trial ended without buying',
    category: 'Churn and retention',
    description: 'Why a trial did not turn into a purchase, and what would change their mind',
    body: survey('Trial ended without buying', [
      single('why', 'What kept you from buying after your trial?', [
        'I did not have time to try it properly',
        'It did not do what I needed',
        'It costs too much',
        'I chose another product',
        'Something else',
      ]),
      open('change', 'What would change your mind?'),
    ]),
  },
  downgrade: {
    label: 'Why downgrade?',
    category: 'Churn and retention',
    description: 'Why people move to a smaller plan, and what would bring them back',
    body: survey('Why downgrade?', [
      multi('why', 'Why are you moving to a smaller plan?', [
        'We are saving money',
        'Fewer people use it',
        'We did not use the extra features',
        'Something else',
      ]),
      open('back', 'What would bring you back to the larger plan?'),
    ]),
  },
  'quiet-customer': {
    label: 'Check in with a quiet customer',
    category: 'Churn and retention',
    description: 'For people who stopped coming back: what changed, and whether they want help',
    body: survey('Check in with a quiet customer', [
      single('changed', 'We have not seen you in a while. What changed?', [
        'I got what I needed',
        'I am busy with other work',
        'It was hard to use',
        'I use another product now',
        'Something else',
      ]),
      single('help', 'Would a short call with us help?', ['Yes, please get in touch', 'No, thank you']),
    ]),
  },
  // Research
  persona: {
    label: 'Who uses our product',
    category: 'Research',
    description: 'Role, company size and main task: the facts behind personas',
    body: survey('Who uses our product', [
      single('role', 'What is your role?', [
        'Individual contributor',
        'Team lead',
        'Manager or director',
        'Executive',
        'Student',
        'Something else',
      ]),
      single('size', 'How many people work at your company?', ['1 to 10', '11 to 50', '51 to 250', '251 to 1,000', 'More than 1,000']),
      open('task', 'What is the main task you use our product for?', { required: true }),
    ]),
  },
  'feature-priorities': {
    label: 'Feature priorities',
    category: 'Research',
    description: 'Ranks the ideas on the roadmap by what matters most to the people asked',
    body: survey('Feature priorities', [
      {
        id: 'priorities',
        type: 'ranking',
        headline: text('Put these ideas in order: the most useful to you first'),
        choices: choicesOf(['Faster reports', 'A mobile app', 'More integrations', 'Team permissions', 'Offline mode']),
      },
      open('idea', 'Is there something you would put above all of these?'),
    ]),
  },
  usability: {
    label: 'Ease of use',
    category: 'Research',
    description: 'Agreement with statements about ease of use, on a grid, and the hardest part',
    body: survey('Ease of use', [
      matrix(
        'statements',
        'How far do you agree with each statement?',
        ['It is easy to learn', 'I can find what I need', 'It works the way I expect', 'I would use it every day'],
        AGREE,
      ),
      open('hardest', 'What is the hardest part of using it?'),
    ]),
  },
  'research-recruit': {
    label: 'Join a research call',
    category: 'Research',
    description: 'Finds people willing to talk to the team, with their consent and email',
    body: survey('Join a research call', [
      single('willing', 'Would you take part in a 30-minute call about how you work?', ['Yes', 'Maybe later', 'No']),
      open('email', 'Which email should we write to?', { inputType: 'email' }),
      {
        id: 'consent',
        type: 'consent',
        headline: text('Your consent'),
        label: text('I agree to be contacted about research calls'),
        required: false,
      },
    ]),
  },
  // Events and teams
  'event-feedback': {
    label: 'Event feedback',
    category: 'Events and teams',
    description: 'After a webinar, talk or meetup: the rating, the best part, and what to change',
    body: survey('Event feedback', [
      rating('overall', 'How would you rate the event?', 'star', 5, 'Poor', 'Excellent'),
      open('best', 'What was the best part?'),
      open('change', 'What should we change next time?'),
    ]),
  },
  'team-pulse': {
    label: 'Team pulse',
    category: 'Events and teams',
    description: 'A short check on how a team feels about workload, support and direction',
    body: survey('Team pulse', [
      matrix(
        'pulse',
        'How do you feel about these this month?',
        ['My workload', 'The support I get', 'Where the team is heading'],
        ['Not good', 'Fine', 'Good'],
      ),
      open('one-thing', 'One thing that would make your work better:'),
    ]),
  },
  'website-feedback': {
    label: 'Website feedback',
    category: 'Product feedback',
    description: 'Whether visitors found what they came for, and what they were looking for',
    body: survey('Website feedback', [
      single('found', 'Did you find what you were looking for?', ['Yes', 'Partly', 'No']),
      open('looking', 'What were you looking for?'),
    ]),
  },
}

/**
 * A template's body as a document of `POST /api/v3/surveys/preview` (the console's preview of a template): its
 * questions as blocks of one question each, its texts as they are (a `default` text is the default language's).
 */
export function templateDocument(body: Record<string, unknown>, type: 'link' | 'app' = 'link'): Record<string, unknown> {
  const { questions, ...rest } = body
  const blocks = Array.isArray(questions)
    ? questions.map((question: Question, index) => ({
        id: `block-${String(question.id)}`,
        name: `Block ${index + 1}`,
        elements: [question],
      }))
    : rest.blocks
  return { ...rest, type, blocks }
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
