/**
 * The Canvass API as TypeScript types, generated from docs/openapi.json by openapi-typescript (`pnpm openapi`;
 * do not edit). Use them with openapi-fetch: `createClient<paths>({ baseUrl })`.
 */
export interface paths {
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The environment of the API key (not wrapped in data) */
        get: operations["getV1Me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** As GET /api/v1/me, at the path of the reference's current clients */
        get: operations["getV1ManagementMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/environment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The key's environment, with its default retention of responses */
        get: operations["getV1ManagementEnvironment"];
        /** Set the environment's default retention of responses (responseRetentionDays, null keeps them) */
        put: operations["putV1ManagementEnvironment"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/styling": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's theme: its styling (colours, roundness, background, card arrangement) and logo */
        get: operations["getV1ManagementStyling"];
        /**
         * Replace the workspace's theme: styling and logo, each a whole object or null
         * @description Colours are hex (`#1e293b`); images are https addresses or files uploaded to this Canvass (`/storage/…`). An unknown field is a 400 naming it. Surveys of every environment of the project show it, in the widget and on link pages.
         */
        put: operations["putV1ManagementStyling"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/surveys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List surveys, newest first */
        get: operations["getV1ManagementSurveys"];
        put?: never;
        /** Create a survey */
        post: operations["postV1ManagementSurveys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/surveys/{surveyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one survey */
        get: operations["getV1ManagementSurveysBySurveyId"];
        /** Update a survey: fields sent replace those stored */
        put: operations["putV1ManagementSurveysBySurveyId"];
        post?: never;
        /** Delete a survey with its responses, displays and files */
        delete: operations["deleteV1ManagementSurveysBySurveyId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/surveys/{surveyId}/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A survey's summary: displays, responses, completion, drop-off, time to complete, per-question counts (finished, lang filter the responses) */
        get: operations["getV1ManagementSurveysBySurveyIdSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/surveys/{surveyId}/answers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One question's answers, newest first, with a search inside them (a Canvass extension)
         * @description The non-empty answers to `questionId` of the survey's responses, newest first, filtered as the summary is (`startDate`, `endDate`, `filterDateField`, `finished`, `lang`, `filter[…]`). `search` (at most 200 characters) keeps answers containing it in any case: a text answer's text, a contact info, address or file upload answer's values; `%` and `_` are plain characters. Pages of `limit` (1 to 100, default 20); a `Link` header with `rel="next"` carries the `cursor` of the next page.
         */
        get: operations["getV1ManagementSurveysBySurveyIdAnswers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/surveys/{surveyId}/timeseries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A survey's responses over time: started, finished and completion rate by day, week (from Monday) or month of a time zone, with the summary's filters */
        get: operations["getV1ManagementSurveysBySurveyIdTimeseries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/surveys/{surveyId}/share": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Share a survey's results read-only at /share/{resultShareKey} with a new key (an earlier key stops working) */
        post: operations["postV1ManagementSurveysBySurveyIdShare"];
        /** Stop sharing a survey's results: its /share/{resultShareKey} pages answer 404 */
        delete: operations["deleteV1ManagementSurveysBySurveyIdShare"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/surveys/{surveyId}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A link to preview a link survey's page (a draft too) for an hour, with nothing saved */
        post: operations["postV1ManagementSurveysBySurveyIdPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/editor-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A token for the survey editor: the v3 survey routes of the key's workspace (or one survey), for at most 12 hours
         * @description `workspaceId` is the key's project or environment (another is a 401 `unauthorized`); `surveyId` binds the token to that survey of it (404 when there is none, 401 when it is another environment's); `expiresIn` is in seconds, 1 to 43200 (default 3600). The token works until `expiresAt`, until the key is revoked or until the server secret changes. Minted in a console session (an owner's), it is that person's: it works only while their role allows each route it is used on, and stops when they are removed. See docs/editor.md, "Editor tokens".
         */
        post: operations["postV1ManagementEditorTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/surveys/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate a v3 survey create or patch body without writing anything: every problem with its path
         * @description The reference's v3 route. `{"operation": "create", "data": {…}}` checks a body of `POST /api/v3/surveys`; `{"operation": "patch", "surveyId": "…", "data": {…}}` checks a body of `PATCH /api/v3/surveys/{surveyId}`, with the parser and rules of the write itself. An invalid document answers 200 with `valid: false` and `invalid_params` (at most 50, then one counting the rest); a valid one lists the `languages` the write would use. Errors are `application/problem+json`: 400 for a malformed envelope or a query parameter, 403 for a workspace or survey that is not the key's.
         */
        post: operations["postV3SurveysValidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/surveys/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview a v3 survey document: the survey and project the renderer takes, writing nothing
         * @description Takes the body of `POST /api/v3/surveys` (`workspaceId` optional: the key's workspace) and an optional `id` the preview survey carries (else `preview`). The document is checked as a create checks it, with the same 400 and 422 problems, but nothing is stored. The answer is what the survey's link page (a link survey) or the environment state (an app survey) would hand the renderer if it were stored and in progress: `{data: {environmentId, survey, project}}`, the project with the workspace's custom CSS.
         */
        post: operations["postV3SurveysPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/surveys/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Not implemented by Canvass: AI survey generation
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        post: operations["postV3SurveysGenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Not implemented by Canvass: workflows
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        get: operations["getV3Workflows"];
        put?: never;
        /**
         * Not implemented by Canvass: workflows
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        post: operations["postV3Workflows"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/workflows/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Not implemented by Canvass: workflow runs
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        get: operations["getV3WorkflowsRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/workflows/runs/{runId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Not implemented by Canvass: workflow runs
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        get: operations["getV3WorkflowsRunsByRunId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/workflows/{workflowId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Not implemented by Canvass: workflows
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        get: operations["getV3WorkflowsByWorkflowId"];
        put?: never;
        post?: never;
        /**
         * Not implemented by Canvass: workflows
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        delete: operations["deleteV3WorkflowsByWorkflowId"];
        options?: never;
        head?: never;
        /**
         * Not implemented by Canvass: workflows
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        patch: operations["patchV3WorkflowsByWorkflowId"];
        trace?: never;
    };
    "/api/v3/workflows/{workflowId}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Not implemented by Canvass: workflows
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        post: operations["postV3WorkflowsByWorkflowIdDuplicate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/workflows/{workflowId}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Not implemented by Canvass: workflows
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        post: operations["postV3WorkflowsByWorkflowIdEnable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/workflows/{workflowId}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Not implemented by Canvass: workflows
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        post: operations["postV3WorkflowsByWorkflowIdDisable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/workflows/{workflowId}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Not implemented by Canvass: workflows
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        post: operations["postV3WorkflowsByWorkflowIdArchive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/workflows/{workflowId}/unarchive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Not implemented by Canvass: workflows
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        post: operations["postV3WorkflowsByWorkflowIdUnarchive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/workflows/{workflowId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Not implemented by Canvass: workflows
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        post: operations["postV3WorkflowsByWorkflowIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/feedbackRecords": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Not implemented by Canvass: feedback records
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        get: operations["getV3FeedbackRecords"];
        put?: never;
        /**
         * Not implemented by Canvass: feedback records
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        post: operations["postV3FeedbackRecords"];
        /**
         * Not implemented by Canvass: feedback records
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        delete: operations["deleteV3FeedbackRecords"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/feedbackRecords/search/semantic": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Not implemented by Canvass: feedback records
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        post: operations["postV3FeedbackRecordsSearchSemantic"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/feedbackRecords/{feedbackRecordId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Not implemented by Canvass: feedback records
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        get: operations["getV3FeedbackRecordsByFeedbackRecordId"];
        put?: never;
        post?: never;
        /**
         * Not implemented by Canvass: feedback records
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        delete: operations["deleteV3FeedbackRecordsByFeedbackRecordId"];
        options?: never;
        head?: never;
        /**
         * Not implemented by Canvass: feedback records
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        patch: operations["patchV3FeedbackRecordsByFeedbackRecordId"];
        trace?: never;
    };
    "/api/v3/feedbackRecords/{feedbackRecordId}/similar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Not implemented by Canvass: feedback records
         * @description The reference's v3 route; Canvass answers 501 with a link to [its docs](https://github.com/canvass-dev/canvass/blob/main/docs/api.md#not-implemented-in-v3).
         */
        get: operations["getV3FeedbackRecordsByFeedbackRecordIdSimilar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/surveys/{surveyId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export a survey as a portable .formbricks.json envelope
         * @description The envelope (`data`) holds `formbricks` (format 1, the time, the source), `survey` (the v3 document without `id`, `workspaceId`, the dates and `targeting`) and `references.actionClasses` (the action classes its triggers name). Canvass's survey settings, styling, custom CSS and responses are not exported. A survey without a question, or one whose document would not import again, is a 422. Every export is written to the audit log.
         */
        get: operations["getV3SurveysBySurveyIdExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/surveys/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a survey from an export envelope or a raw v3 document (options.dryRun writes nothing)
         * @description Exactly one of `export` (an envelope of `GET /api/v3/surveys/{surveyId}/export`) and `document` (a raw v3 document). The survey becomes a draft; instance-bound fields, slug, schedule, targeting and fields no document has are stripped; app-survey triggers are matched to action classes of the workspace by key, configuration or name, or created. Every change is a line of `report.issues`. `options.dryRun: true` answers 200 with the resolved document, the report and the validation, and writes nothing; otherwise 201 with the survey and the report, or 422 with `invalid_params` and the report in `details.report`.
         */
        post: operations["postV3SurveysImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/surveys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a workspace's surveys: cursor pages, filters, sortBy
         * @description `workspaceId` (required) is the key's project or environment. `limit`: 1 to 250 (default 20; above 250 is a 400). `filter[status][in]` takes `archived` to list archived surveys, which are otherwise left out; list filters take repeated or comma-separated values. `filter[visibility][in]`: every survey is `workspace` to a key, so `restricted` alone matches none. `filter[owner][in]` is relative to a signed-in person: a key sending it gets a 400. `sortBy`: `updatedAt` (default), `createdAt`, `name`, `relevance` (as `updatedAt`).
         */
        get: operations["getV3Surveys"];
        put?: never;
        /** Create a survey from a v3 document */
        post: operations["postV3Surveys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/surveys/{surveyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a survey as a v3 document (lang narrows its text maps) */
        get: operations["getV3SurveysBySurveyId"];
        put?: never;
        post?: never;
        /** Delete a survey with its responses, displays and files */
        delete: operations["deleteV3SurveysBySurveyId"];
        options?: never;
        head?: never;
        /** Update a survey: the top-level fields sent replace the stored ones */
        patch: operations["patchV3SurveysBySurveyId"];
        trace?: never;
    };
    "/api/v3/surveys/{surveyId}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Archive a survey: hidden from the list, read-only, paused when it was collecting */
        post: operations["postV3SurveysBySurveyIdArchive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/surveys/{surveyId}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore an archived survey (its status stays as it is) */
        post: operations["postV3SurveysBySurveyIdRestore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/surveys/{surveyId}/blocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a survey's blocks: update, insert and remove whole blocks by id, in order, all or none
         * @description `expectedUpdatedAt` makes the write conditional (409 `conflict` with `details.expectedUpdatedAt` and `details.currentUpdatedAt` when the survey changed since). An op that cannot apply is a 422 naming `ops.<i>…`.
         */
        patch: operations["patchV3SurveysBySurveyIdBlocks"];
        trace?: never;
    };
    "/api/v3/surveys/{surveyId}/blocks/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the order of a survey's blocks: every block id once
         * @description An order that is already the survey's writes nothing (`updatedAt` stays). A missing, unknown or repeated id, or an order that makes a recall or a logic condition read a later answer (`misordered_reference`), is a 422.
         */
        put: operations["putV3SurveysBySurveyIdBlocksOrder"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/surveys/{surveyId}/visibility": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A survey's visibility state: always 403 for an API key, as the reference answers */
        get: operations["getV3SurveysBySurveyIdVisibility"];
        put?: never;
        /** Change a survey's visibility: always 403 for an API key, as the reference answers */
        post: operations["postV3SurveysBySurveyIdVisibility"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/action-classes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a workspace's action classes (the ids distribution.triggers[].actionClassId names)
         * @description `limit`: 1 to 250 (default 50; above 250 is a 400).
         */
        get: operations["getV3ActionClasses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/contact-attribute-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a workspace's contact attribute keys (the keys targeting filters name)
         * @description `limit`: 1 to 250 (default 50; above 250 is a 400).
         */
        get: operations["getV3ContactAttributeKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a workspace's response tags by name, each with the number of responses carrying it
         * @description Pages of `limit` (1 to 1000, default 1000) tags: `meta.nextCursor` names the next one (a Canvass addition).
         */
        get: operations["getV3Tags"];
        put?: never;
        /** Create a response tag in a workspace (a name another tag of the workspace has is a 422, as a rename) */
        post: operations["postV3Tags"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/tags/{tagId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a tag and remove it from every response carrying it */
        delete: operations["deleteV3TagsByTagId"];
        options?: never;
        head?: never;
        /** Rename a tag (a name another tag of the workspace has is a 422) */
        patch: operations["patchV3TagsByTagId"];
        trace?: never;
    };
    "/api/v3/tags/{tagId}/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Merge a tag into another: its responses move to newTagId, then it is deleted (one transaction) */
        post: operations["postV3TagsByTagIdMerge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/workspaces/{workspaceId}/custom-css": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the workspace's custom CSS: its source, the one previous revision, and whether it is served */
        get: operations["getV3WorkspacesByWorkspaceIdCustomCss"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Save or clear the workspace's custom CSS (sanitized: it can only style the survey)
         * @description `customCss` replaces both fields; `null` clears them. What the processor removes comes back as `warnings`; CSS it refuses (a syntax error, over 100,000 bytes, over a limit) is a 422 with `details.errors`, and the saved CSS stays. The same source again writes nothing. Saves that process CSS count against 60 a minute per key (429 past them).
         */
        patch: operations["patchV3WorkspacesByWorkspaceIdCustomCss"];
        trace?: never;
    };
    "/api/v3/responses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a workspace's responses: keyset pages by createdAt, newest first by default
         * @description `workspaceId` (required); `surveyId` or `contactId` narrow it. `limit` 1 to 250 (default 20). `filter[createdAt][gte|gt|lte|lt]` (one lower, one upper bound), `filter[finished][eq]` and `filter[language][in]` (these two need `surveyId` or `contactId`), `filter[id][in]` (at most 100; ids of other workspaces are simply absent). `sortBy` `-createdAt` or `createdAt`. `meta.nextCursor` is null on the last page; a cursor is bound to its sort and filters. `includeTotalCount=true` counts up to 10,000 (`gte` past it). Canvass's extension: also takes `filter[<field>][<operator>]=<value>` on answers, hidden fields, variables, `meta`, contact attributes, quotas, tags and `updatedAt` (docs/api.md, "Filtering responses"); the cursor is bound to those too.
         */
        get: operations["getV3Responses"];
        put?: never;
        /**
         * Submit a response to a survey of the workspace, as a respondent would (webhooks, quotas, autoComplete)
         * @description An unknown survey and another workspace's are the same 403. A rule of the survey the body breaks (ending, language, contact, display, single-use id, tag, embedded data name, hidden field sent in `data`, answer out of scale, answer breaking its element's validation rules, input type, character limit, required flag or upload storage) is a 422 listing each in `invalid_params`.
         */
        post: operations["postV3Responses"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/responses/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Count the responses the list would show: capped at 10,000 (gte) unless precision=exact
         * @description The list's scope and filters; `precision=exact` needs `surveyId` or `contactId`. Canvass's extension: also takes `filter[<field>][<operator>]=<value>` on answers, hidden fields, variables, `meta`, contact attributes, quotas, tags and `updatedAt` (docs/api.md, "Filtering responses"); the cursor is bound to those too.
         */
        get: operations["getV3ResponsesCount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/responses/batch-delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete up to 100 responses of the workspace in one transaction; ids not of it are skipped
         * @description `workspaceId` in the query. Ids that name no response of the workspace (unknown, already deleted, another workspace's) are skipped, so a retry is safe; `deleted` counts what went. A repeated id is a 400.
         */
        post: operations["postV3ResponsesBatchDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/responses/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check a create or a patch without writing it: valid, invalid_params and its effects */
        post: operations["postV3ResponsesValidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/responses/{responseId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one response */
        get: operations["getV3ResponsesByResponseId"];
        put?: never;
        post?: never;
        /** Delete a response with its notes, tag links and uploaded files */
        delete: operations["deleteV3ResponsesByResponseId"];
        options?: never;
        head?: never;
        /** Update a response: data replaced as a whole, embeddedData merged by name, tags replaced */
        patch: operations["patchV3ResponsesByResponseId"];
        trace?: never;
    };
    "/api/v1/management/responses/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete up to 100 responses of the environment in one transaction: all of them, or none when any is not there
         * @description Each response goes as `DELETE …/responses/{id}` takes one (notes, tag links, uploaded files). When an id names no response of the environment (unknown, deleted, or another environment's), nothing is deleted and the `404` lists those ids in `details.missing`.
         */
        post: operations["postV1ManagementResponsesDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/responses/{responseId}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a note to a response (at most 100 a response); its author is the caller */
        post: operations["postV1ManagementResponsesByResponseIdNotes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/responses/{responseId}/notes/{noteId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a note; an editor's console session only its own notes */
        delete: operations["deleteV1ManagementResponsesByResponseIdNotesByNoteId"];
        options?: never;
        head?: never;
        /** Change a note's text; an editor's console session only its own notes */
        patch: operations["patchV1ManagementResponsesByResponseIdNotesByNoteId"];
        trace?: never;
    };
    "/api/v1/management/responses/{responseId}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Put a tag of the environment on a response (once: a tag it carries stays one); a Canvass addition */
        post: operations["postV1ManagementResponsesByResponseIdTags"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/responses/{responseId}/tags/{tagId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Take a tag off a response (a tag it does not carry changes nothing); a Canvass addition */
        delete: operations["deleteV1ManagementResponsesByResponseIdTagsByTagId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/responses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List responses: filtered, sorted, counted with count=true (X-Total-Count)
         * @description Besides its own parameters, takes `filter[<field>][<operator>]=<value>` on answers, hidden fields, variables, `meta`, contact attributes, quotas, tags, language, `finished` and dates (docs/api.md, "Filtering responses"). A parameter it does not take is a `400` naming it. `count=true` counts exactly up to 10,000; past that `X-Total-Count` is 10000 and `X-Total-Count-Relation` is `gte`.
         */
        get: operations["getV1ManagementResponses"];
        put?: never;
        /** Create a response, whatever the survey's status; imports give createdAt and updatedAt */
        post: operations["postV1ManagementResponses"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/responses/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import up to 1,000 responses in one transaction, with a result per item; webhooks only with ?webhooks=true
         * @description The answer lists every created item with its id and the first 100 failed ones with their error (one field in `details`), in the order sent; `unlistedErrors` counts the failed items beyond them. NUL, a lone surrogate or a number past the float limit inside one item fails that item alone.
         */
        post: operations["postV1ManagementResponsesBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/responses/anonymize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Anonymize responses: up to 1,000 by id, or a survey's with the list's filters; the answers stay
         * @description Each response of the key's environment selected loses its contact (`contactId` null), the contact's attributes it stored (`personAttributes`/`contactAttributes`), `meta.url`, `meta.userAgent` and the address-derived `meta` fields (`country`, `city`, `region`, `ipAddress`), and its `displayId` when that display was made for a contact. `data`, `ttc`, `variables`, `language`, `finished`, the ending, `meta.source`, `meta.action`, notes, tags and the dates stay; `updatedAt` is not changed and no webhook event is sent. `missing` lists the given ids that name no response of the environment (unknown or another environment's, not told apart); they change nothing. Done in batches of 5,000, each atomic: a call cut short can be repeated (`anonymized` counts anonymous responses selected, already anonymous ones included).
         */
        post: operations["postV1ManagementResponsesAnonymize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/responses/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every response of a survey as CSV, NDJSON or XLSX, streamed; the list's filters and order
         * @description One row per response: metadata, one column per question (per matrix row, address field and contact info field), each hidden field, one column per survey variable (`Variable: <name>`) and `Other Variables` for the rest. CSV cells a spreadsheet would run as a formula start with `'`; in XLSX they keep their text and take the quote-prefix style. A browser downloads through a link of `POST /api/v1/management/responses/export-links` (docs/api.md, "Exporting responses").
         */
        get: operations["getV1ManagementResponsesExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/responses/{responseId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one response */
        get: operations["getV1ManagementResponsesByResponseId"];
        /** Update a response (finished ones too) */
        put: operations["putV1ManagementResponsesByResponseId"];
        post?: never;
        /** Delete a response with its notes, tag links and uploaded files */
        delete: operations["deleteV1ManagementResponsesByResponseId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/responses/export-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A short-lived signed link that downloads an export of responses, with the filters given
         * @description `filters` holds the responses list's query parameters as a URL carries them (`startDate`, `finished`, `filter[data.nps][gte]`, … ; a repeated one as a list), checked as the export checks them. The answer's `url` downloads the export (`Content-Disposition: attachment`) without a key or session for five minutes, as often as asked; it is bound to this environment, the survey, the format, the filters and the key or console person that asked for it, and stops when that key is revoked or that person is removed. Each download is written to the audit log as an export.
         */
        post: operations["postV1ManagementResponsesExportLinks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/responses/export/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an export through a signed link of POST …/responses/export-links
         * @description The query is the one the link was minted with, `token` included; a changed, expired or forged link is a `401 not_authenticated`, as is one whose key was revoked or whose console person was removed.
         */
        get: operations["getV1ManagementResponsesExportDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client/{environmentId}/responses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A respondent starts a response */
        post: operations["postV1ClientByEnvironmentIdResponses"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client/{environmentId}/responses/{responseId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** A respondent adds to or finishes a response */
        put: operations["putV1ClientByEnvironmentIdResponsesByResponseId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client/responses/{responseId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** The same, in the specification's form without the environment */
        put: operations["putV1ClientResponsesByResponseId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/client/{environmentId}/responses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A response, naming the contact by contactId */
        post: operations["postV2ClientByEnvironmentIdResponses"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/client/{environmentId}/responses/{responseId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Add to or finish a response, at the reference's v2 path */
        put: operations["putV2ClientByEnvironmentIdResponsesByResponseId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/attribute-classes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List attribute classes (the automatic ones included) */
        get: operations["getV1ManagementAttributeClasses"];
        put?: never;
        /** Create a attribute class */
        post: operations["postV1ManagementAttributeClasses"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/attribute-classes/{attributeClassId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one attribute class */
        get: operations["getV1ManagementAttributeClassesByAttributeClassId"];
        /** Update a attribute class */
        put: operations["putV1ManagementAttributeClassesByAttributeClassId"];
        post?: never;
        /** Delete a attribute class; returns it */
        delete: operations["deleteV1ManagementAttributeClassesByAttributeClassId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/action-classes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List action classes (the automatic New Session included) */
        get: operations["getV1ManagementActionClasses"];
        put?: never;
        /** Create a action class */
        post: operations["postV1ManagementActionClasses"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/action-classes/{actionClassId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one action class */
        get: operations["getV1ManagementActionClassesByActionClassId"];
        /** Update a action class */
        put: operations["putV1ManagementActionClassesByActionClassId"];
        post?: never;
        /** Delete a action class; returns it */
        delete: operations["deleteV1ManagementActionClassesByActionClassId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/contact-attribute-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List contact attribute keys (the defaults included) */
        get: operations["getV1ManagementContactAttributeKeys"];
        put?: never;
        /** Create a contact attribute key */
        post: operations["postV1ManagementContactAttributeKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/contact-attribute-keys/{contactAttributeKeyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one contact attribute key */
        get: operations["getV1ManagementContactAttributeKeysByContactAttributeKeyId"];
        /** Update a contact attribute key */
        put: operations["putV1ManagementContactAttributeKeysByContactAttributeKeyId"];
        post?: never;
        /** Delete a contact attribute key; returns it */
        delete: operations["deleteV1ManagementContactAttributeKeysByContactAttributeKeyId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/people": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List people (contacts) with their attributes: userId, dates, sortBy, order, count */
        get: operations["getV1ManagementPeople"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/people/{personId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one person */
        get: operations["getV1ManagementPeopleByPersonId"];
        put?: never;
        post?: never;
        /**
         * Delete a person; its responses stay, with person null. With erase=true, erase it and everything about it
         * @description Without `erase` (or with `erase=false`): the contact and its attribute values go; its responses and displays stay, unlinked. With `erase=true`: one transaction removes the contact, its attribute values, its displays, its responses (with their notes, tag links and quota links), the webhook events and deliveries of those responses (any status), the tags no other response has; stored `Idempotency-Key` answers that name the contact, a response or a display become a 410 `gone` error; the respondents' own files the responses' `fileUpload` answers name (see docs/data-rights.md) are removed from the blob store right after the commit (a journal written in the same transaction finishes them after a crash). The answer counts what went (see docs/data-rights.md).
         */
        delete: operations["deleteV1ManagementPeopleByPersonId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/people/{personId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everything stored about one person as one JSON document, streamed: a download for a data-subject request
         * @description The contact, its attributes, its displays and its responses in the key's environment, oldest first: answers, variables, `ttc`, `meta`, language, dates, the attributes each was answered with, notes, tags, and the files (`fileUpload` answers' URLs, as stored) per response and all together in `files`. The document itself is the answer (no `data`), with `content-disposition: attachment`. Not in it: copies held elsewhere, such as webhook delivery payloads (see docs/data-rights.md).
         */
        get: operations["getV1ManagementPeopleByPersonIdExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List contacts with their attributes: userId, dates, sortBy, order, count */
        get: operations["getV1ManagementContacts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/contacts/{contactId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one contact */
        get: operations["getV1ManagementContactsByContactId"];
        put?: never;
        post?: never;
        /**
         * Delete a contact; its responses stay, with person null. With erase=true, erase it and everything about it
         * @description Without `erase` (or with `erase=false`): the contact and its attribute values go; its responses and displays stay, unlinked. With `erase=true`: one transaction removes the contact, its attribute values, its displays, its responses (with their notes, tag links and quota links), the webhook events and deliveries of those responses (any status), the tags no other response has; stored `Idempotency-Key` answers that name the contact, a response or a display become a 410 `gone` error; the respondents' own files the responses' `fileUpload` answers name (see docs/data-rights.md) are removed from the blob store right after the commit (a journal written in the same transaction finishes them after a crash). The answer counts what went (see docs/data-rights.md).
         */
        delete: operations["deleteV1ManagementContactsByContactId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/contacts/{contactId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everything stored about one contact as one JSON document, streamed: a download for a data-subject request
         * @description The contact, its attributes, its displays and its responses in the key's environment, oldest first: answers, variables, `ttc`, `meta`, language, dates, the attributes each was answered with, notes, tags, and the files (`fileUpload` answers' URLs, as stored) per response and all together in `files`. The document itself is the answer (no `data`), with `content-disposition: attachment`. Not in it: copies held elsewhere, such as webhook delivery payloads (see docs/data-rights.md).
         */
        get: operations["getV1ManagementContactsByContactIdExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/contact-attributes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the contacts' attribute values with their keys */
        get: operations["getV1ManagementContactAttributes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/segments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List segments */
        get: operations["getV1ManagementSegments"];
        put?: never;
        /** Create a segment */
        post: operations["postV1ManagementSegments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/segments/{segmentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one segment */
        get: operations["getV1ManagementSegmentsBySegmentId"];
        /** Update a segment */
        put: operations["putV1ManagementSegmentsBySegmentId"];
        post?: never;
        /** Delete a segment; returns it */
        delete: operations["deleteV1ManagementSegmentsBySegmentId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/surveys/{surveyId}/quotas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a survey's quotas, each with the responses it counts so far */
        get: operations["getV1ManagementSurveysBySurveyIdQuotas"];
        put?: never;
        /** Create a quota of a survey */
        post: operations["postV1ManagementSurveysBySurveyIdQuotas"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/surveys/{surveyId}/quotas/{quotaId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one quota, with the responses it counts so far */
        get: operations["getV1ManagementSurveysBySurveyIdQuotasByQuotaId"];
        /** Update a quota: fields sent replace those stored */
        put: operations["putV1ManagementSurveysBySurveyIdQuotasByQuotaId"];
        post?: never;
        /** Delete a quota; returns it */
        delete: operations["deleteV1ManagementSurveysBySurveyIdQuotasByQuotaId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client/{environmentId}/displays": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A widget showed a survey */
        post: operations["postV1ClientByEnvironmentIdDisplays"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/client/{environmentId}/displays": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A display, naming the contact by contactId */
        post: operations["postV2ClientByEnvironmentIdDisplays"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client/{environmentId}/displays/{displayId}/response": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The response given after a display (null while none) */
        get: operations["getV1ClientByEnvironmentIdDisplaysByDisplayIdResponse"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client/{environmentId}/environment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What a widget needs: surveys, action classes, project */
        get: operations["getV1ClientByEnvironmentIdEnvironment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/client/{environmentId}/environment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The same environment state, at the reference's v2 path */
        get: operations["getV2ClientByEnvironmentIdEnvironment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client/{environmentId}/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Identify a contact by userId and update its attributes */
        post: operations["postV1ClientByEnvironmentIdUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/client/{environmentId}/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Identify, at the reference's v2 path */
        post: operations["postV2ClientByEnvironmentIdUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client/{environmentId}/contacts/{userId}/attributes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set a contact's attributes */
        put: operations["putV1ClientByEnvironmentIdContactsByUserIdAttributes"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client/{environmentId}/identify/contacts/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Identify a contact (created when unknown) */
        get: operations["getV1ClientByEnvironmentIdIdentifyContactsByUserId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/surveys/{surveyId}/singleUseIds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Fresh single-use ids for a survey */
        get: operations["getV1ManagementSurveysBySurveyIdSingleUseIds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/storage/file-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A short-lived link that opens one uploaded file of the environment (a Canvass extension)
         * @description For the URL of an uploaded file of the caller's environment (as a file upload answer stores it), a link a browser can open without a key: a private file's URL with a `token` that opens that file only, for five minutes (`expiresAt`); a public file's URL as it is (`expiresAt` null). 400 names `url` when it is no file's URL; 404 for a file that does not exist or belongs to another environment.
         */
        post: operations["postV1ManagementStorageFileLinks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/storage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign an upload */
        post: operations["postV1ManagementStorage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/storage/local": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload the file signed by the presign (X-File-Name is its updatedFileName) */
        post: operations["postV1ManagementStorageLocal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client/{environmentId}/storage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign a respondent's upload (files of respondents are private) */
        post: operations["postV1ClientByEnvironmentIdStorage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/client/{environmentId}/storage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign a respondent's upload, at the reference's v2 path */
        post: operations["postV2ClientByEnvironmentIdStorage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client/{environmentId}/storage/local": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a respondent's file signed by the presign */
        post: operations["postV1ClientByEnvironmentIdStorageLocal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/storage/{environmentId}/{accessType}/{fileName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an uploaded file (byte ranges allowed); private ones need a key of their environment or a file link */
        get: operations["getStorageByEnvironmentIdByAccessTypeByFileName"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhooks, newest first (never the secret) */
        get: operations["getV1Webhooks"];
        put?: never;
        /** Create a webhook; the answer holds its signing secret, shown only here */
        post: operations["postV1Webhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one webhook */
        get: operations["getV1WebhooksByWebhookId"];
        put?: never;
        post?: never;
        /** Delete a webhook; its pending deliveries are dropped */
        delete: operations["deleteV1WebhooksByWebhookId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Edit a webhook (Canvass's route): each field given replaces the stored one, never the secret */
        patch: operations["patchV1ManagementWebhooksByWebhookId"];
        trace?: never;
    };
    "/api/v1/webhooks/{webhookId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send one signed testEndpoint event to the webhook now: the outcome is in the answer, nothing is stored or retried */
        post: operations["postV1WebhooksByWebhookIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What was sent to a webhook: event, status, each attempt; status and event filter */
        get: operations["getV1WebhooksByWebhookIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery again: same webhook-id, a new attempt with a new timestamp and signature */
        post: operations["postV1WebhooksByWebhookIdDeliveriesByDeliveryIdRedeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The environment's API keys, revoked ones included, newest first (never a key or its hash) */
        get: operations["getV1ManagementApiKeys"];
        put?: never;
        /** Creates an API key of the environment; the answer holds the key, shown only here */
        post: operations["postV1ManagementApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/api-keys/{apiKeyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revokes an API key of the environment: it stops working at once (a key cannot revoke itself) */
        delete: operations["deleteV1ManagementApiKeysByApiKeyId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/management/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log of the key's environment, newest first: who wrote what, when, from where
         * @description One entry per management write answered with 2xx (and per export of personal data): the API key (id and label), the action, the route as registered, the resource type and id, the status, a summary (the body's field names, array lengths, query parameter names, a tally's numbers: never the values written), the client address and the request id. Filters: `action`, `resourceType`, `resourceId`, `apiKeyId`, `startDate`, `endDate` (inclusive). Pages of `limit` (1 to 250, default 50); a `Link` header with `rel="next"` carries the `cursor` of the next page.
         */
        get: operations["getV1ManagementAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/console/mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project's mails, newest first: to whom, what, and what became of each (owners in the console; the production environment's API keys)
         * @description The delivery log of the mails Canvass sent or means to send about the caller's project: address, kind, language, subject, status (`queued`, `sent`, `failed`, `limited`), attempts, the last attempt's error, when it was queued and sent. Never the bodies (they held one-time links and are cleared once a mail is sent or given up). Pages of `limit` (1 to 200, default 50); a `Link` header with `rel="next"` carries the `cursor` of the next page. Mails are kept 30 days. A storage without the mail outbox answers 501.
         */
        get: operations["getV1ConsoleMail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/share/{resultShareKey}/summary.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A shared survey's summary, as the management summary answers it without the survey's and quotas' ids (startDate, endDate, finished, lang, filter[<field>][<operator>]: docs/api.md, "Filtering responses") */
        get: operations["getShareByResultShareKeySummaryJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/share/{resultShareKey}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A shared survey's results as a page: the summary, ?tab=responses, ?tab=answers&field=data:ID (with search); filters startDate, endDate, finished, lang and filter[<field>][<operator>]; after pages */
        get: operations["getShareByResultShareKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/schemas/survey.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The JSON Schema of a survey body, for editors ($schema in a survey file) */
        get: operations["getV1SchemasSurveyJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The Model Context Protocol server for AI agents (Streamable HTTP, stateless): one JSON-RPC message per request
         * @description Tools over the v3 routes (`list_workspaces`, `list_surveys`, `get_survey`, `create_survey`, `validate_survey`, `patch_survey`, `edit_survey_blocks`, `set_survey_block_order`, `delete_survey`, the response tools, the workspace custom-CSS tools and Canvass’s own `summarize_survey_responses`), each doing what its route does with the same key and declaring an output schema. A delete asks its user through elicitation where a 2026-07-28 client can answer it. The key goes in `x-api-key` or `Authorization: Bearer`; without a live one the answer is 401 with `WWW-Authenticate: Bearer realm="formbricks"`. A JSON-RPC batch is a 400. See docs/api.md, "MCP for agents".
         */
        post: operations["postMcp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/js/formbricks.umd.cjs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The in-app widget the @formbricks/js loader loads */
        get: operations["getJsFormbricksUmdCjs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/js/surveys.umd.cjs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The survey renderer the widget and link pages load */
        get: operations["getJsSurveysUmdCjs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/s/{surveyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A link survey as a page (?lang=, hidden fields, answers prefilled by question id, ?skipPrefilled=true, ?suid=, ?pin=, ?preview= a preview token) */
        get: operations["getSBySurveyId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/js/editor.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The embeddable survey editor (<canvass-survey-editor>), an ES module */
        get: operations["getJsEditorJs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The console: a page for the people of a project (signed in by the host, or by the accounts mode)
         * @description Answers the page to a signed-in person, with a CSRF token for its API calls (docs/console.md); sends anyone else to the sign-in page (303), or answers a 401 page when none is known.
         */
        get: operations["getConsole"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/js/console.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The console's browser code, an ES module (for the console page of the same site only) */
        get: operations["getJsConsoleJs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The console sign-in page (accounts mode): email and password, and a button per single sign-on provider */
        get: operations["getConsoleSignIn"];
        put?: never;
        /** Signs in to the console by email and password (a form post); sets the session cookie and goes to /console (403 when password sign-in is off) */
        post: operations["postConsoleSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/link/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A one-time sign-in link of the console: a page with a button (the link is used by the form post, never by opening it) */
        get: operations["getConsoleLinkByToken"];
        put?: never;
        /** Uses a one-time link (a form post): signs the person in (a new password for one who has a password needs the current one), or creates the first owner of a first-owner link */
        post: operations["postConsoleLinkByToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ends the console session and clears its cookie; goes to the sign-in page */
        post: operations["postConsoleSignOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/console/people": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The console's people of the project (owners in the console; the production environment's API keys) */
        get: operations["getV1ConsolePeople"];
        put?: never;
        /** Adds a person to the project with a role: a new account (with a password, optionally) and a one-time sign-in link, or the existing account of the email (no password, no link). With mail, an invitation is mailed instead (mailed: true, link null), in language */
        post: operations["postV1ConsolePeople"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/console/people/{consolePersonId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Removes a person from the project (never the last owner); an account of no other project goes, with its sessions and links */
        delete: operations["deleteV1ConsolePeopleByConsolePersonId"];
        options?: never;
        head?: never;
        /** Changes a person's role (the project's last owner stays one); with mail, the person is told in a mail, in language */
        patch: operations["patchV1ConsolePeopleByConsolePersonId"];
        trace?: never;
    };
    "/api/v1/console/people/{consolePersonId}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new one-time sign-in link for a person of this project only (an owner's only from an owner in the console) */
        post: operations["postV1ConsolePeopleByConsolePersonIdLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/sign-in/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The console page that mails a one-time sign-in link to an address (with mail; without, it says whom to ask) */
        get: operations["getConsoleSignInLink"];
        put?: never;
        /** Mails a one-time sign-in link to the address's account, if it has one (a form post); the answer is the same either way */
        post: operations["postConsoleSignInLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The console page that mails a link to choose a new password (with mail and password sign-in) */
        get: operations["getConsolePasswordReset"];
        put?: never;
        /** Mails a link to choose a new password to the address's account, if it has one (a form post); the answer is the same either way */
        post: operations["postConsolePasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/reset/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The page of a mailed link to choose a new password (the link is used by its form post, never by opening it) */
        get: operations["getConsoleResetByToken"];
        put?: never;
        /** Sets a new password by a mailed link (a form post), once, and signs the person in */
        post: operations["postConsoleResetByToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/signed-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The page a single sign-on ends on: it goes on to /console at once, from this site, so that the session cookie (SameSite=Strict) is sent */
        get: operations["getConsoleSignedIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/sso/{providerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Starts a single sign-on at a configured OpenID provider: keeps the flow (PKCE verifier, state, nonce) in a short-lived cookie and goes to the provider */
        get: operations["getConsoleSsoByProviderId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/sso/{providerId}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The OpenID provider's redirect back: checks the flow, the ID token, the verified email and its domain, signs the person in (made at the first sign-in) and goes on to /console/signed-in */
        get: operations["getConsoleSsoByProviderIdCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/console/people/{consolePersonId}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A person's active sessions (their account's, which open each of its projects): never a token or hash */
        get: operations["getV1ConsolePeopleByConsolePersonIdSessions"];
        put?: never;
        post?: never;
        /** Ends all of a person's sessions (only when the caller owns every project the person belongs to) */
        delete: operations["deleteV1ConsolePeopleByConsolePersonIdSessions"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/console/people/{consolePersonId}/sessions/{consoleSessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Ends one of a person's sessions (only when the caller owns every project the person belongs to) */
        delete: operations["deleteV1ConsolePeopleByConsolePersonIdSessionsByConsoleSessionId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/console/me/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The active sessions of the signed-in person (any role); current is this one */
        get: operations["getV1ConsoleMeSessions"];
        put?: never;
        post?: never;
        /** Ends every other session of the signed-in person (this one stays) */
        delete: operations["deleteV1ConsoleMeSessions"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/console/me/sessions/{consoleSessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Ends one of the signed-in person’s sessions (this one too, which signs out) */
        delete: operations["deleteV1ConsoleMeSessionsByConsoleSessionId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI 3.1 document */
        get: operations["getV1OpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A reference page of this document */
        get: operations["getV1Docs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/docs/reference.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The reference page's viewer (RapiDoc) */
        get: operations["getV1DocsReferenceJs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        0: components["schemas"]["1"];
        1: {
            root: {
                /** @enum {string} */
                type: "attribute" | "person" | "segment" | "device";
            };
        };
        Error: {
            /** @enum {string} */
            code: "bad_request" | "not_authenticated" | "unauthorized" | "forbidden" | "not_found" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "too_many_requests" | "internal_server_error" | "service_unavailable" | "idempotency_key_reused" | "idempotency_key_in_flight" | "conflict";
            message: string;
            details: {
                [key: string]: unknown;
            };
        };
        UploadError: {
            error: string;
            message: string;
        };
        Environment: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @enum {string} */
            type: "production" | "development";
            product: {
                id: string;
                name: string;
            };
            project: {
                id: string;
                name: string;
            };
            workspace: {
                id: string;
                name: string;
            };
            widgetSetupCompleted: boolean;
            appSetupCompleted: boolean;
            websiteSetupCompleted: boolean;
        };
        Survey: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            name: string;
            /** @enum {string} */
            type: "link" | "app" | "website";
            environmentId: string;
            createdBy: string | null;
            /** @enum {string} */
            status: "draft" | "scheduled" | "inProgress" | "paused" | "completed";
            welcomeCard: {
                [key: string]: unknown;
            };
            questions: {
                [key: string]: unknown;
            }[];
            blocks: {
                [key: string]: unknown;
            }[];
            endings: {
                [key: string]: unknown;
            }[];
            hiddenFields: {
                [key: string]: unknown;
            };
            variables: {
                [key: string]: unknown;
            }[];
            delay: number;
            displayOption: string;
            recontactDays: number | null;
            displayLimit: number | null;
            autoClose: number | null;
            runOnDate: string | null;
            publishOn: string | null;
            closeOn: string | null;
            closeOnDate: string | null;
            displayPercentage: number | null;
            autoComplete: number | null;
            isVerifyEmailEnabled: boolean;
            isBackButtonHidden: boolean;
            isAutoProgressingEnabled: boolean;
            redirectUrl: string | null;
            workspaceOverwrites: {
                [key: string]: unknown;
            } | null;
            projectOverwrites: {
                [key: string]: unknown;
            } | null;
            productOverwrites: {
                [key: string]: unknown;
            } | null;
            styling: {
                [key: string]: unknown;
            } | null;
            surveyClosedMessage: {
                [key: string]: unknown;
            } | null;
            singleUse: {
                [key: string]: unknown;
            } | null;
            pin: string | null;
            resultShareKey: string | null;
            showLanguageSwitch: boolean | null;
            languages: unknown[];
            triggers: unknown[];
            segmentId: string | null;
            segment: components["schemas"]["Segment"] | null;
            responseRetentionDays: number | null;
        };
        Segment: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            title: string;
            description: string | null;
            isPrivate: boolean;
            filters: unknown[];
            environmentId: string;
            surveys: string[];
        };
        Response: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            surveyId: string;
            finished: boolean;
            data: {
                [key: string]: unknown;
            };
            variables: {
                [key: string]: unknown;
            };
            ttc: {
                [key: string]: number;
            };
            meta: {
                [key: string]: unknown;
            };
            language: string | null;
            singleUseId: string | null;
            displayId: string | null;
            endingId: string | null;
            notes: unknown[];
            tags: unknown[];
            person: components["schemas"]["Contact"] | null;
            personAttributes: {
                [key: string]: string;
            } | null;
            contact: {
                id: string;
                userId: string | null;
            } | null;
            contactAttributes: {
                [key: string]: string;
            } | null;
        };
        AttributeClass: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            name: string;
            description: string | null;
            /** @enum {string} */
            type: "code" | "noCode" | "automatic";
            archived: boolean;
            environmentId: string;
        };
        ActionClass: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            name: string;
            description: string | null;
            /** @enum {string} */
            type: "code" | "noCode" | "automatic";
            key: string | null;
            noCodeConfig: {
                [key: string]: unknown;
            } | null;
            environmentId: string;
        };
        ContactAttributeKey: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            key: string;
            name: string | null;
            description: string | null;
            /** @enum {string} */
            type: "default" | "custom";
            isUnique: boolean;
            environmentId: string;
        };
        Contact: {
            id: string;
            userId: string | null;
            environmentId: string;
            attributes: {
                [key: string]: string;
            };
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        ContactAttribute: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            contactId: string;
            attributeKeyId: string;
            key: string;
            value: string;
        };
        Webhook: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            name: string | null;
            url: string;
            source: string;
            environmentId: string;
            triggers: ("responseCreated" | "responseUpdated" | "responseFinished")[];
            surveyIds: string[];
        };
        WebhookDelivery: {
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            webhookId: string;
            responseId: string | null;
            /** @enum {string} */
            event: "responseCreated" | "responseUpdated" | "responseFinished";
            status: string;
            attemptCount: number;
            attempts: {
                [key: string]: unknown;
            }[];
            nextAttemptAt: string | null;
        };
        UserState: {
            userId: string | null;
            contactId: string | null;
            segments: string[];
            displays: {
                surveyId: string;
                /** Format: date-time */
                createdAt: string;
            }[];
            responses: string[];
            lastDisplayAt: string | null;
            language?: string;
        };
        EnvironmentState: {
            surveys: {
                [key: string]: unknown;
            }[];
            actionClasses: {
                [key: string]: unknown;
            }[];
        };
        Presign: {
            signedUrl: string;
            signingData: {
                signature: string;
                timestamp: number;
                uuid: string;
            };
            updatedFileName: string;
            fileUrl: string;
            presignedFields: {
                [key: string]: string;
            };
        };
        Problem: {
            type?: string;
            title: string;
            status: number;
            detail: string;
            requestId: string;
            code: string;
            invalid_params?: {
                name: string;
                reason: string;
                code?: string;
            }[];
        };
        SurveyQuestion: {
            id: string;
            headline: unknown;
            subheader?: unknown;
            /** @default true */
            required: boolean;
            buttonLabel?: unknown;
            backButtonLabel?: unknown;
            imageUrl?: string;
            videoUrl?: string;
            logic?: unknown;
            logicFallback?: string;
            isDraft?: boolean;
            /** @enum {string} */
            scale?: "number" | "smiley" | "star";
            /** @enum {number} */
            range?: 3 | 4 | 5 | 7 | 10;
            validation?: {
                rules: unknown;
                /**
                 * @default and
                 * @enum {string}
                 */
                logic: "and" | "or";
            };
            /** @constant */
            type: "openText";
            placeholder?: unknown;
            /**
             * @default text
             * @enum {string}
             */
            inputType: "text" | "email" | "url" | "number" | "phone";
            longAnswer?: boolean;
            insightsEnabled?: boolean;
            /**
             * @default {
             *       "enabled": false
             *     }
             */
            charLimit: {
                enabled?: boolean;
                min?: number;
                max?: number;
            };
        } | {
            id: string;
            headline: unknown;
            subheader?: unknown;
            /** @default true */
            required: boolean;
            buttonLabel?: unknown;
            backButtonLabel?: unknown;
            imageUrl?: string;
            videoUrl?: string;
            logic?: unknown;
            logicFallback?: string;
            isDraft?: boolean;
            /** @enum {string} */
            scale?: "number" | "smiley" | "star";
            /** @enum {number} */
            range?: 3 | 4 | 5 | 7 | 10;
            validation?: {
                rules: unknown;
                /**
                 * @default and
                 * @enum {string}
                 */
                logic: "and" | "or";
            };
            choices: unknown;
            /**
             * @default none
             * @enum {string}
             */
            shuffleOption: "none" | "all" | "exceptLast" | "reverseOrderOccasionally" | "reverseOrderExceptLast";
            otherOptionPlaceholder?: unknown;
            /** @enum {string} */
            displayType?: "list" | "dropdown";
            /** @constant */
            type: "multipleChoiceSingle";
        } | {
            id: string;
            headline: unknown;
            subheader?: unknown;
            /** @default true */
            required: boolean;
            buttonLabel?: unknown;
            backButtonLabel?: unknown;
            imageUrl?: string;
            videoUrl?: string;
            logic?: unknown;
            logicFallback?: string;
            isDraft?: boolean;
            /** @enum {string} */
            scale?: "number" | "smiley" | "star";
            /** @enum {number} */
            range?: 3 | 4 | 5 | 7 | 10;
            validation?: {
                rules: unknown;
                /**
                 * @default and
                 * @enum {string}
                 */
                logic: "and" | "or";
            };
            choices: unknown;
            /**
             * @default none
             * @enum {string}
             */
            shuffleOption: "none" | "all" | "exceptLast" | "reverseOrderOccasionally" | "reverseOrderExceptLast";
            otherOptionPlaceholder?: unknown;
            /** @enum {string} */
            displayType?: "list" | "dropdown";
            /** @constant */
            type: "multipleChoiceMulti";
        } | {
            id: string;
            headline: unknown;
            subheader?: unknown;
            /** @default true */
            required: boolean;
            buttonLabel?: unknown;
            backButtonLabel?: unknown;
            imageUrl?: string;
            videoUrl?: string;
            logic?: unknown;
            logicFallback?: string;
            isDraft?: boolean;
            /** @enum {string} */
            scale?: "number" | "smiley" | "star";
            /** @enum {number} */
            range?: 3 | 4 | 5 | 7 | 10;
            validation?: {
                rules: unknown;
                /**
                 * @default and
                 * @enum {string}
                 */
                logic: "and" | "or";
            };
            /** @constant */
            type: "nps";
            lowerLabel?: unknown;
            upperLabel?: unknown;
            /** @default false */
            isColorCodingEnabled: boolean;
        } | {
            id: string;
            headline: unknown;
            subheader?: unknown;
            /** @default true */
            required: boolean;
            buttonLabel?: unknown;
            backButtonLabel?: unknown;
            imageUrl?: string;
            videoUrl?: string;
            logic?: unknown;
            logicFallback?: string;
            isDraft?: boolean;
            /** @enum {string} */
            scale: "number" | "smiley" | "star";
            /** @enum {number} */
            range: 3 | 4 | 5 | 6 | 7 | 10;
            validation?: {
                rules: unknown;
                /**
                 * @default and
                 * @enum {string}
                 */
                logic: "and" | "or";
            };
            lowerLabel?: unknown;
            upperLabel?: unknown;
            /** @default false */
            isColorCodingEnabled: boolean;
            /** @constant */
            type: "rating";
        } | {
            id: string;
            headline: unknown;
            subheader?: unknown;
            /** @default true */
            required: boolean;
            buttonLabel?: unknown;
            backButtonLabel?: unknown;
            imageUrl?: string;
            videoUrl?: string;
            logic?: unknown;
            logicFallback?: string;
            isDraft?: boolean;
            /** @enum {string} */
            scale?: "number" | "smiley" | "star";
            /** @enum {number} */
            range?: 3 | 4 | 5 | 7 | 10;
            validation?: {
                rules: unknown;
                /**
                 * @default and
                 * @enum {string}
                 */
                logic: "and" | "or";
            };
            /** @constant */
            type: "cta";
            html?: unknown;
            buttonUrl?: string;
            /** @default false */
            buttonExternal: boolean;
            ctaButtonLabel?: unknown;
            dismissButtonLabel?: unknown;
        } | {
            id: string;
            headline: unknown;
            subheader?: unknown;
            /** @default true */
            required: boolean;
            buttonLabel?: unknown;
            backButtonLabel?: unknown;
            imageUrl?: string;
            videoUrl?: string;
            logic?: unknown;
            logicFallback?: string;
            isDraft?: boolean;
            /** @enum {string} */
            scale?: "number" | "smiley" | "star";
            /** @enum {number} */
            range?: 3 | 4 | 5 | 7 | 10;
            validation?: {
                rules: unknown;
                /**
                 * @default and
                 * @enum {string}
                 */
                logic: "and" | "or";
            };
            /** @constant */
            type: "consent";
            html?: unknown;
            label: unknown;
        } | {
            id: string;
            headline: unknown;
            subheader?: unknown;
            /** @default true */
            required: boolean;
            buttonLabel?: unknown;
            backButtonLabel?: unknown;
            imageUrl?: string;
            videoUrl?: string;
            logic?: unknown;
            logicFallback?: string;
            isDraft?: boolean;
            /** @enum {string} */
            scale?: "number" | "smiley" | "star";
            /** @enum {number} */
            range?: 3 | 4 | 5 | 7 | 10;
            validation?: {
                rules: unknown;
                /**
                 * @default and
                 * @enum {string}
                 */
                logic: "and" | "or";
            };
            /** @constant */
            type: "date";
            html?: unknown;
            /** @enum {string} */
            format: "M-d-y" | "d-M-y" | "y-M-d";
        } | {
            id: string;
            headline: unknown;
            subheader?: unknown;
            /** @default true */
            required: boolean;
            buttonLabel?: unknown;
            backButtonLabel?: unknown;
            imageUrl?: string;
            videoUrl?: string;
            logic?: unknown;
            logicFallback?: string;
            isDraft?: boolean;
            /** @enum {string} */
            scale?: "number" | "smiley" | "star";
            /** @enum {number} */
            range?: 3 | 4 | 5 | 7 | 10;
            validation?: {
                rules: unknown;
                /**
                 * @default and
                 * @enum {string}
                 */
                logic: "and" | "or";
            };
            /** @constant */
            type: "fileUpload";
            allowMultipleFiles: boolean;
            maxSizeInMB?: number;
            allowedFileExtensions?: unknown;
        } | {
            id: string;
            headline: unknown;
            subheader?: unknown;
            /** @default true */
            required: boolean;
            buttonLabel?: unknown;
            backButtonLabel?: unknown;
            imageUrl?: string;
            videoUrl?: string;
            logic?: unknown;
            logicFallback?: string;
            isDraft?: boolean;
            /** @enum {string} */
            scale?: "number" | "smiley" | "star";
            /** @enum {number} */
            range?: 3 | 4 | 5 | 7 | 10;
            validation?: {
                rules: unknown;
                /**
                 * @default and
                 * @enum {string}
                 */
                logic: "and" | "or";
            };
            /** @constant */
            type: "matrix";
            rows: unknown;
            columns: unknown;
            /**
             * @default none
             * @enum {string}
             */
            shuffleOption: "none" | "all" | "exceptLast" | "reverseOrderOccasionally" | "reverseOrderExceptLast";
        } | {
            id: string;
            headline: unknown;
            subheader?: unknown;
            /** @default true */
            required: boolean;
            buttonLabel?: unknown;
            backButtonLabel?: unknown;
            imageUrl?: string;
            videoUrl?: string;
            logic?: unknown;
            logicFallback?: string;
            isDraft?: boolean;
            /** @enum {string} */
            scale?: "number" | "smiley" | "star";
            /** @enum {number} */
            range?: 3 | 4 | 5 | 7 | 10;
            validation?: {
                rules: unknown;
                /**
                 * @default and
                 * @enum {string}
                 */
                logic: "and" | "or";
            };
            /** @constant */
            type: "ranking";
            choices: unknown;
            otherOptionPlaceholder?: unknown;
            /** @enum {string} */
            shuffleOption?: "none" | "all" | "exceptLast" | "reverseOrderOccasionally" | "reverseOrderExceptLast";
        } | {
            id: string;
            headline: unknown;
            subheader?: unknown;
            /** @default true */
            required: boolean;
            buttonLabel?: unknown;
            backButtonLabel?: unknown;
            imageUrl?: string;
            videoUrl?: string;
            logic?: unknown;
            logicFallback?: string;
            isDraft?: boolean;
            /** @enum {string} */
            scale?: "number" | "smiley" | "star";
            /** @enum {number} */
            range?: 3 | 4 | 5 | 7 | 10;
            validation?: {
                rules: unknown;
                /**
                 * @default and
                 * @enum {string}
                 */
                logic: "and" | "or";
            };
            /** @constant */
            type: "address";
            addressLine1?: {
                show: boolean;
                required: boolean;
                placeholder: unknown;
            };
            addressLine2?: {
                show: boolean;
                required: boolean;
                placeholder: unknown;
            };
            city?: {
                show: boolean;
                required: boolean;
                placeholder: unknown;
            };
            state?: {
                show: boolean;
                required: boolean;
                placeholder: unknown;
            };
            zip?: {
                show: boolean;
                required: boolean;
                placeholder: unknown;
            };
            country?: {
                show: boolean;
                required: boolean;
                placeholder: unknown;
            };
        } | {
            id: string;
            headline: unknown;
            subheader?: unknown;
            /** @default true */
            required: boolean;
            buttonLabel?: unknown;
            backButtonLabel?: unknown;
            imageUrl?: string;
            videoUrl?: string;
            logic?: unknown;
            logicFallback?: string;
            isDraft?: boolean;
            /** @enum {string} */
            scale?: "number" | "smiley" | "star";
            /** @enum {number} */
            range?: 3 | 4 | 5 | 7 | 10;
            validation?: {
                rules: unknown;
                /**
                 * @default and
                 * @enum {string}
                 */
                logic: "and" | "or";
            };
            /** @constant */
            type: "contactInfo";
            firstName?: {
                show: boolean;
                required: boolean;
                placeholder: unknown;
            };
            lastName?: {
                show: boolean;
                required: boolean;
                placeholder: unknown;
            };
            email?: {
                show: boolean;
                required: boolean;
                placeholder: unknown;
            };
            phone?: {
                show: boolean;
                required: boolean;
                placeholder: unknown;
            };
            company?: {
                show: boolean;
                required: boolean;
                placeholder: unknown;
            };
        } | {
            id: string;
            headline: unknown;
            subheader?: unknown;
            /** @default true */
            required: boolean;
            buttonLabel?: unknown;
            backButtonLabel?: unknown;
            imageUrl?: string;
            videoUrl?: string;
            logic?: unknown;
            logicFallback?: string;
            isDraft?: boolean;
            /** @enum {string} */
            scale?: "number" | "smiley" | "star";
            /** @enum {number} */
            range?: 3 | 4 | 5 | 7 | 10;
            validation?: {
                rules: unknown;
                /**
                 * @default and
                 * @enum {string}
                 */
                logic: "and" | "or";
            };
            /** @constant */
            type: "pictureSelection";
            /** @default false */
            allowMulti: boolean;
            choices: unknown;
        } | {
            id: string;
            headline: unknown;
            subheader?: unknown;
            /** @default true */
            required: boolean;
            buttonLabel?: unknown;
            backButtonLabel?: unknown;
            imageUrl?: string;
            videoUrl?: string;
            logic?: unknown;
            logicFallback?: string;
            isDraft?: boolean;
            /** @enum {string} */
            scale?: "number" | "smiley" | "star";
            /** @enum {number} */
            range?: 3 | 4 | 5 | 7 | 10;
            validation?: {
                rules: unknown;
                /**
                 * @default and
                 * @enum {string}
                 */
                logic: "and" | "or";
            };
            /** @constant */
            type: "cal";
            calUserName: string;
            calHost?: string;
        } | {
            id: string;
            headline: unknown;
            subheader?: unknown;
            /** @default true */
            required: boolean;
            buttonLabel?: unknown;
            backButtonLabel?: unknown;
            imageUrl?: string;
            videoUrl?: string;
            logic?: unknown;
            logicFallback?: string;
            isDraft?: boolean;
            /** @enum {string} */
            scale: "number" | "smiley" | "star";
            /**
             * @default 5
             * @constant
             */
            range: 5;
            validation?: {
                rules: unknown;
                /**
                 * @default and
                 * @enum {string}
                 */
                logic: "and" | "or";
            };
            lowerLabel?: unknown;
            upperLabel?: unknown;
            /** @default false */
            isColorCodingEnabled: boolean;
            /** @constant */
            type: "csat";
        } | {
            id: string;
            headline: unknown;
            subheader?: unknown;
            /** @default true */
            required: boolean;
            buttonLabel?: unknown;
            backButtonLabel?: unknown;
            imageUrl?: string;
            videoUrl?: string;
            logic?: unknown;
            logicFallback?: string;
            isDraft?: boolean;
            /** @enum {string} */
            scale: "number" | "smiley" | "star";
            /** @enum {number} */
            range: 5 | 7;
            validation?: {
                rules: unknown;
                /**
                 * @default and
                 * @enum {string}
                 */
                logic: "and" | "or";
            };
            lowerLabel?: unknown;
            upperLabel?: unknown;
            /** @default false */
            isColorCodingEnabled: boolean;
            /** @constant */
            type: "ces";
        };
        SurveyEnding: {
            id: string;
            /** @constant */
            type: "endScreen";
            headline?: unknown;
            subheader?: unknown;
            buttonLabel?: unknown;
            buttonLink?: string;
            imageUrl?: string;
            videoUrl?: string;
        } | {
            id: string;
            /** @constant */
            type: "redirectToUrl";
            url?: string;
            label?: string;
        };
        SegmentFilters: {
            id: string;
            connector: ("and" | "or") | null;
            resource: components["schemas"]["0"];
        }[];
        NoCodeConfig: {
            /** @constant */
            type: "click";
            urlFilters: {
                value: string;
                /** @enum {string} */
                rule: "exactMatch" | "contains" | "startsWith" | "endsWith" | "notMatch" | "notContains" | "matchesRegex";
            }[];
            /** @enum {string} */
            urlFiltersConnector?: "or" | "and";
            elementSelector: {
                cssSelector?: string;
                innerHtml?: string;
            };
        } | {
            /** @constant */
            type: "pageView";
            urlFilters: {
                value: string;
                /** @enum {string} */
                rule: "exactMatch" | "contains" | "startsWith" | "endsWith" | "notMatch" | "notContains" | "matchesRegex";
            }[];
            /** @enum {string} */
            urlFiltersConnector?: "or" | "and";
        } | {
            /** @constant */
            type: "exitIntent";
            urlFilters: {
                value: string;
                /** @enum {string} */
                rule: "exactMatch" | "contains" | "startsWith" | "endsWith" | "notMatch" | "notContains" | "matchesRegex";
            }[];
            /** @enum {string} */
            urlFiltersConnector?: "or" | "and";
        } | {
            /** @constant */
            type: "fiftyPercentScroll";
            urlFilters: {
                value: string;
                /** @enum {string} */
                rule: "exactMatch" | "contains" | "startsWith" | "endsWith" | "notMatch" | "notContains" | "matchesRegex";
            }[];
            /** @enum {string} */
            urlFiltersConnector?: "or" | "and";
        };
        ResponseCreate: {
            surveyId: string;
            finished: boolean;
            data: unknown;
            userId?: string | null;
            displayId?: string | null;
            singleUseId?: string | null;
            endingId?: string | null;
            language?: string | null;
            variables?: unknown;
            ttc?: unknown;
            meta?: {
                source?: string;
                url?: string;
                action?: string;
            };
            pinAuthToken?: string | null;
        };
        ResponseUpdate: {
            finished: boolean;
            data: unknown;
            endingId?: string | null;
            language?: string | null;
            variables?: unknown;
            ttc?: unknown;
            pinAuthToken?: string | null;
        };
        ActionClassCreate: {
            environmentId?: string;
            workspaceId?: string;
            name: string;
            description?: string | null;
            /** @constant */
            type: "code";
            key: string;
            noCodeConfig?: null;
        } | {
            environmentId?: string;
            workspaceId?: string;
            name: string;
            description?: string | null;
            /** @constant */
            type: "noCode";
            noCodeConfig: components["schemas"]["NoCodeConfig"];
            key?: null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getV1Me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Environment"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Environment"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementEnvironment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @enum {string} */
                            type: "production" | "development";
                            product: {
                                id: string;
                                name: string;
                            };
                            project: {
                                id: string;
                                name: string;
                            };
                            workspace: {
                                id: string;
                                name: string;
                            };
                            widgetSetupCompleted: boolean;
                            appSetupCompleted: boolean;
                            websiteSetupCompleted: boolean;
                            responseRetentionDays: number | null;
                        };
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putV1ManagementEnvironment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    responseRetentionDays: number | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @enum {string} */
                            type: "production" | "development";
                            product: {
                                id: string;
                                name: string;
                            };
                            project: {
                                id: string;
                                name: string;
                            };
                            workspace: {
                                id: string;
                                name: string;
                            };
                            widgetSetupCompleted: boolean;
                            appSetupCompleted: boolean;
                            websiteSetupCompleted: boolean;
                            responseRetentionDays: number | null;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementStyling: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            projectId: string;
                            styling: {
                                [key: string]: unknown;
                            } | null;
                            logo: {
                                [key: string]: unknown;
                            } | null;
                        };
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putV1ManagementStyling: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    styling: {
                        brandColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        questionColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        inputColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        inputBorderColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        cardBackgroundColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        cardBorderColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        cardShadowColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        highlightBorderColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        isDarkModeEnabled?: boolean | null;
                        roundness?: number | null;
                        cardArrangement?: {
                            /** @enum {string} */
                            linkSurveys: "casual" | "straight" | "simple";
                            /** @enum {string} */
                            appSurveys: "casual" | "straight" | "simple";
                        } | null;
                        background?: {
                            /** @enum {string} */
                            bgType: "color" | "image" | "upload";
                            bg: string;
                            brightness?: number | null;
                        } | null;
                        hideProgressBar?: boolean | null;
                        isLogoHidden?: boolean | null;
                        allowStyleOverwrite?: boolean;
                    } | null;
                    logo: {
                        url: string;
                        bgColor?: string | null;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            projectId: string;
                            styling: {
                                [key: string]: unknown;
                            } | null;
                            logo: {
                                [key: string]: unknown;
                            } | null;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementSurveys: {
        parameters: {
            query?: {
                limit?: string;
                skip?: string;
                cursor?: string;
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Survey"][];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementSurveys: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retry safely: the same key and body within 24 h get the first answer again */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    environmentId?: string;
                    workspaceId?: string;
                    name: string;
                    questions?: unknown;
                    blocks?: unknown;
                    /**
                     * @default link
                     * @enum {string}
                     */
                    type?: "link" | "app" | "website";
                    /**
                     * @default draft
                     * @enum {string}
                     */
                    status?: "draft" | "scheduled" | "inProgress" | "paused" | "completed";
                    /**
                     * @default displayOnce
                     * @enum {string}
                     */
                    displayOption?: "displayOnce" | "displayMultiple" | "displaySome" | "respondMultiple";
                    /** @default 0 */
                    delay?: number;
                    /** @default false */
                    isVerifyEmailEnabled?: boolean;
                    /** @default false */
                    isBackButtonHidden?: boolean;
                    /** @default false */
                    isAutoProgressingEnabled?: boolean;
                    /**
                     * @default {
                     *       "enabled": true,
                     *       "fieldIds": []
                     *     }
                     */
                    hiddenFields?: {
                        enabled: boolean;
                        fieldIds?: unknown;
                    };
                    /**
                     * @default {
                     *       "enabled": false,
                     *       "isEncrypted": false
                     *     }
                     */
                    singleUse?: {
                        enabled: boolean;
                        isEncrypted: boolean;
                        heading?: string;
                        subheading?: string;
                    } | null;
                    /**
                     * @default {
                     *       "enabled": false
                     *     }
                     */
                    welcomeCard?: {
                        enabled: boolean;
                        headline?: unknown;
                        subheader?: unknown;
                        html?: unknown;
                        fileUrl?: string;
                        buttonLabel?: unknown;
                        showResponseCount?: boolean;
                        timeToFinish?: boolean;
                        videoUrl?: string;
                    };
                    /** @default [] */
                    languages?: unknown;
                    /** @default [] */
                    triggers?: unknown;
                    /** @default [] */
                    endings?: unknown;
                    /** @default [] */
                    variables?: unknown;
                    /** @default null */
                    createdBy?: string | null;
                    /** @default null */
                    autoClose?: number | null;
                    /** @default null */
                    autoComplete?: number | null;
                    /** @default null */
                    closeOnDate?: string | null;
                    /** @default null */
                    runOnDate?: string | null;
                    publishOn?: string | null;
                    closeOn?: string | null;
                    /** @default null */
                    displayLimit?: number | null;
                    /** @default null */
                    displayPercentage?: number | null;
                    /** @default null */
                    recontactDays?: number | null;
                    /** @default null */
                    pin?: string | null;
                    /** @default null */
                    redirectUrl?: string | null;
                    /** @default null */
                    resultShareKey?: string | null;
                    /** @default null */
                    showLanguageSwitch?: boolean | null;
                    /** @default null */
                    styling?: Record<string, never> | null;
                    /** @default null */
                    surveyClosedMessage?: {
                        enabled?: boolean;
                        heading?: string;
                        subheading?: string;
                    } | null;
                    /** @default null */
                    productOverwrites?: Record<string, never> | null;
                    workspaceOverwrites?: Record<string, never> | null;
                    projectOverwrites?: Record<string, never> | null;
                    /** @default null */
                    segmentId?: string | null;
                    /** @default null */
                    responseRetentionDays?: number | null;
                    $schema?: string;
                    id?: unknown;
                    createdAt?: unknown;
                    updatedAt?: unknown;
                    segment?: unknown;
                    followUps?: unknown;
                    archivedAt?: unknown;
                    recaptcha?: unknown;
                    isSingleResponsePerEmailEnabled?: unknown;
                    isCaptureIpEnabled?: unknown;
                    metadata?: unknown;
                    slug?: unknown;
                    customHeadScripts?: unknown;
                    customHeadScriptsMode?: unknown;
                    inlineTriggers?: unknown;
                    thankYouCard?: unknown;
                    verifyEmail?: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Survey"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This Idempotency-Key was used for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementSurveysBySurveyId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Survey"];
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putV1ManagementSurveysBySurveyId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    environmentId?: string;
                    workspaceId?: string;
                    name?: string;
                    questions?: unknown;
                    blocks?: unknown;
                    /**
                     * @default link
                     * @enum {string}
                     */
                    type?: "link" | "app" | "website";
                    /**
                     * @default draft
                     * @enum {string}
                     */
                    status?: "draft" | "scheduled" | "inProgress" | "paused" | "completed";
                    /**
                     * @default displayOnce
                     * @enum {string}
                     */
                    displayOption?: "displayOnce" | "displayMultiple" | "displaySome" | "respondMultiple";
                    /** @default 0 */
                    delay?: number;
                    /** @default false */
                    isVerifyEmailEnabled?: boolean;
                    /** @default false */
                    isBackButtonHidden?: boolean;
                    /** @default false */
                    isAutoProgressingEnabled?: boolean;
                    /**
                     * @default {
                     *       "enabled": true,
                     *       "fieldIds": []
                     *     }
                     */
                    hiddenFields?: {
                        enabled: boolean;
                        fieldIds?: unknown;
                    };
                    /**
                     * @default {
                     *       "enabled": false,
                     *       "isEncrypted": false
                     *     }
                     */
                    singleUse?: {
                        enabled: boolean;
                        isEncrypted: boolean;
                        heading?: string;
                        subheading?: string;
                    } | null;
                    /**
                     * @default {
                     *       "enabled": false
                     *     }
                     */
                    welcomeCard?: {
                        enabled: boolean;
                        headline?: unknown;
                        subheader?: unknown;
                        html?: unknown;
                        fileUrl?: string;
                        buttonLabel?: unknown;
                        showResponseCount?: boolean;
                        timeToFinish?: boolean;
                        videoUrl?: string;
                    };
                    /** @default [] */
                    languages?: unknown;
                    /** @default [] */
                    triggers?: unknown;
                    /** @default [] */
                    endings?: unknown;
                    /** @default [] */
                    variables?: unknown;
                    /** @default null */
                    createdBy?: string | null;
                    /** @default null */
                    autoClose?: number | null;
                    /** @default null */
                    autoComplete?: number | null;
                    /** @default null */
                    closeOnDate?: string | null;
                    /** @default null */
                    runOnDate?: string | null;
                    publishOn?: string | null;
                    closeOn?: string | null;
                    /** @default null */
                    displayLimit?: number | null;
                    /** @default null */
                    displayPercentage?: number | null;
                    /** @default null */
                    recontactDays?: number | null;
                    /** @default null */
                    pin?: string | null;
                    /** @default null */
                    redirectUrl?: string | null;
                    /** @default null */
                    resultShareKey?: string | null;
                    /** @default null */
                    showLanguageSwitch?: boolean | null;
                    /** @default null */
                    styling?: Record<string, never> | null;
                    /** @default null */
                    surveyClosedMessage?: {
                        enabled?: boolean;
                        heading?: string;
                        subheading?: string;
                    } | null;
                    /** @default null */
                    productOverwrites?: Record<string, never> | null;
                    workspaceOverwrites?: Record<string, never> | null;
                    projectOverwrites?: Record<string, never> | null;
                    /** @default null */
                    segmentId?: string | null;
                    /** @default null */
                    responseRetentionDays?: number | null;
                    $schema?: string;
                    id?: unknown;
                    createdAt?: unknown;
                    updatedAt?: unknown;
                    segment?: unknown;
                    followUps?: unknown;
                    archivedAt?: unknown;
                    recaptcha?: unknown;
                    isSingleResponsePerEmailEnabled?: unknown;
                    isCaptureIpEnabled?: unknown;
                    metadata?: unknown;
                    slug?: unknown;
                    customHeadScripts?: unknown;
                    customHeadScriptsMode?: unknown;
                    inlineTriggers?: unknown;
                    thankYouCard?: unknown;
                    verifyEmail?: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Survey"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1ManagementSurveysBySurveyId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Survey"];
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementSurveysBySurveyIdSummary: {
        parameters: {
            query?: {
                startDate?: string;
                endDate?: string;
                filterDateField?: "createdAt" | "updatedAt";
                finished?: "true" | "false";
                lang?: string;
            };
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            surveyId: string;
                            displays: number;
                            responses: {
                                started: number;
                                finished: number;
                            };
                            startRate: number | null;
                            completionRate: number | null;
                            averageTimeToComplete: number | null;
                            medianTimeToComplete: number | null;
                            dropOff: {
                                beforeFirstQuestion: number;
                                questions: {
                                    questionId: string;
                                    answered: number;
                                    droppedAfter: number;
                                    dropOffRate: number | null;
                                }[];
                                blocks: {
                                    blockId: string;
                                    name: string;
                                    reached: number;
                                    answered: number;
                                    skipped: number;
                                    leftHere: number;
                                    dropOffRate: number | null;
                                }[];
                                notWalked: number;
                            };
                            quotas: {
                                id: string;
                                name: string;
                                limit: number;
                                count: number;
                                percentage: number;
                            }[];
                            questions: {
                                questionId: string;
                                type: string;
                                headline: string;
                                answered: number;
                                skipped: number;
                                choices?: {
                                    id: string;
                                    label: string;
                                    count: number;
                                    percentage?: number | null;
                                    averagePosition?: number | null;
                                }[];
                                other?: {
                                    label: string | null;
                                    count: number;
                                    percentage: number | null;
                                    values: {
                                        value: unknown;
                                        count: number;
                                    }[];
                                };
                                score?: number | null;
                                promoters?: {
                                    count: number;
                                    percentage: number | null;
                                };
                                passives?: {
                                    count: number;
                                    percentage: number | null;
                                };
                                detractors?: {
                                    count: number;
                                    percentage: number | null;
                                };
                                average?: number | null;
                                distribution?: {
                                    rating: number;
                                    count: number;
                                    percentage: number | null;
                                }[];
                                satisfied?: {
                                    count: number;
                                    percentage: number | null;
                                };
                                booked?: {
                                    count: number;
                                    percentage: number | null;
                                };
                                clicked?: number;
                                accepted?: number;
                                dismissed?: number;
                                rows?: {
                                    row: string;
                                    columns: {
                                        column: string;
                                        count: number;
                                    }[];
                                }[];
                                unmatched?: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementSurveysBySurveyIdAnswers: {
        parameters: {
            query: {
                startDate?: string;
                endDate?: string;
                filterDateField?: "createdAt" | "updatedAt";
                finished?: "true" | "false";
                lang?: string;
                questionId: string;
                search?: string;
                limit?: string;
                cursor?: string;
            };
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            responseId: string;
                            createdAt: string;
                            value: unknown;
                        }[];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementSurveysBySurveyIdTimeseries: {
        parameters: {
            query?: {
                startDate?: string;
                endDate?: string;
                filterDateField?: "createdAt" | "updatedAt";
                finished?: "true" | "false";
                lang?: string;
                interval?: "day" | "week" | "month";
                timeZone?: string;
            };
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            surveyId: string;
                            /** @enum {string} */
                            interval: "day" | "week" | "month";
                            timeZone: string;
                            buckets: {
                                start: string;
                                started: number;
                                finished: number;
                                completionRate: number | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementSurveysBySurveyIdShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            resultShareKey: string | null;
                            url: string | null;
                        };
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1ManagementSurveysBySurveyIdShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            resultShareKey: string | null;
                            url: string | null;
                        };
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementSurveysBySurveyIdPreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            url: string;
                            token: string;
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementEditorTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    workspaceId: string;
                    surveyId?: string;
                    expiresIn?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            token: string;
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3SurveysValidate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    operation: "create";
                    data: unknown;
                } | {
                    /** @constant */
                    operation: "patch";
                    surveyId: string;
                    data: unknown;
                } | {
                    /** @constant */
                    operation: "customCss";
                    workspaceId: string;
                    /** @enum {string} */
                    scope: "workspace" | "survey";
                    surveyId?: string;
                    data: {
                        customCss: {
                            light: string | null;
                            dark: string | null;
                        } | null;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            valid: boolean;
                            /** @enum {string} */
                            operation: "create" | "patch" | "customCss";
                            invalid_params: {
                                name: string;
                                reason: string;
                                code?: string;
                            }[];
                            languages?: {
                                code: string;
                                default: boolean;
                                enabled: boolean;
                                /** @constant */
                                writeBehavior: "connect_or_create";
                            }[];
                            customCss?: {
                                light: string | null;
                                dark: string | null;
                            };
                            warnings?: unknown[];
                            errors?: unknown[];
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3SurveysPreview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    workspaceId?: string;
                    name: string;
                    /** @enum {string} */
                    type?: "link" | "app";
                    /** @enum {string} */
                    status?: "draft" | "inProgress" | "paused" | "completed";
                    metadata?: {
                        [key: string]: unknown;
                    };
                    defaultLanguage?: string;
                    languages?: {
                        code: string;
                        default?: boolean;
                        enabled?: boolean;
                    }[];
                    welcomeCard?: {
                        [key: string]: unknown;
                    };
                    blocks: {
                        [key: string]: unknown;
                    }[];
                    endings?: {
                        [key: string]: unknown;
                    }[];
                    hiddenFields?: {
                        [key: string]: unknown;
                    };
                    variables?: {
                        [key: string]: unknown;
                    }[];
                    distribution?: {
                        /** @enum {string} */
                        displayOption?: "displayOnce" | "displayMultiple" | "respondMultiple" | "displaySome";
                        displayPercentage?: number | null;
                        displayLimit?: number | null;
                        recontactDays?: number | null;
                        autoClose?: number | null;
                        autoComplete?: number | null;
                        delay?: number;
                        triggers?: {
                            actionClassId: string;
                        }[];
                    };
                    targeting?: {
                        filters: unknown[];
                        segmentId?: string | null;
                    };
                    customCss?: {
                        light: string | null;
                        dark: string | null;
                    } | null;
                    autoComplete?: number | null;
                    closeOn?: string | null;
                    singleUse?: {
                        [key: string]: unknown;
                    } | null;
                    pin?: string | null;
                    isBackButtonHidden?: boolean;
                    styling?: {
                        brandColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        questionColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        inputColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        inputBorderColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        cardBackgroundColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        cardBorderColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        cardShadowColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        highlightBorderColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        isDarkModeEnabled?: boolean | null;
                        roundness?: number | null;
                        cardArrangement?: {
                            /** @enum {string} */
                            linkSurveys: "casual" | "straight" | "simple";
                            /** @enum {string} */
                            appSurveys: "casual" | "straight" | "simple";
                        } | null;
                        background?: {
                            /** @enum {string} */
                            bgType: "color" | "image" | "upload";
                            bg: string;
                            brightness?: number | null;
                        } | null;
                        hideProgressBar?: boolean | null;
                        isLogoHidden?: boolean | null;
                        overwriteThemeStyling?: boolean | null;
                    } | null;
                    workspaceOverwrites?: {
                        [key: string]: unknown;
                    } | null;
                    showLanguageSwitch?: boolean | null;
                    id?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            environmentId: string;
                            survey: {
                                [key: string]: unknown;
                            };
                            project: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be applied to what is stored (`invalid_params` says why) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3SurveysGenerate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV3Workflows: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3Workflows: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV3WorkflowsRuns: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV3WorkflowsRunsByRunId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV3WorkflowsByWorkflowId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV3WorkflowsByWorkflowId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchV3WorkflowsByWorkflowId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3WorkflowsByWorkflowIdDuplicate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3WorkflowsByWorkflowIdEnable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3WorkflowsByWorkflowIdDisable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3WorkflowsByWorkflowIdArchive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3WorkflowsByWorkflowIdUnarchive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3WorkflowsByWorkflowIdTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV3FeedbackRecords: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3FeedbackRecords: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV3FeedbackRecords: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3FeedbackRecordsSearchSemantic: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV3FeedbackRecordsByFeedbackRecordId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                feedbackRecordId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV3FeedbackRecordsByFeedbackRecordId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                feedbackRecordId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchV3FeedbackRecordsByFeedbackRecordId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                feedbackRecordId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV3FeedbackRecordsByFeedbackRecordIdSimilar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                feedbackRecordId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not implemented by Canvass: the problem links to the docs */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV3SurveysBySurveyIdExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            formbricks: {
                                /** @constant */
                                exportFormat: 1;
                                /** Format: date-time */
                                exportedAt: string;
                                appVersion: string;
                                source: {
                                    url: string;
                                    workspaceId: string;
                                    surveyId: string;
                                };
                            };
                            survey: {
                                name: string;
                                /** @enum {string} */
                                type: "link" | "app";
                                /** @enum {string} */
                                status: "draft" | "inProgress" | "paused" | "completed";
                                metadata: {
                                    [key: string]: unknown;
                                };
                                defaultLanguage: string;
                                languages: {
                                    code: string;
                                    default: boolean;
                                    enabled: boolean;
                                }[];
                                welcomeCard: {
                                    [key: string]: unknown;
                                };
                                blocks: {
                                    [key: string]: unknown;
                                }[];
                                endings: {
                                    [key: string]: unknown;
                                }[];
                                hiddenFields: {
                                    [key: string]: unknown;
                                };
                                variables: {
                                    [key: string]: unknown;
                                }[];
                                distribution?: {
                                    [key: string]: unknown;
                                };
                            };
                            references: {
                                actionClasses: {
                                    id: string;
                                    name: string;
                                    key: string | null;
                                    /** @enum {string} */
                                    type: "code" | "noCode";
                                    noCodeConfig: {
                                        [key: string]: unknown;
                                    } | null;
                                    description: string | null;
                                }[];
                            };
                        };
                    };
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be applied to what is stored (`invalid_params` says why) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3SurveysImport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    workspaceId: string;
                    export?: unknown;
                    document?: unknown;
                    references?: {
                        actionClasses: {
                            id: string;
                            name: string;
                            key: string | null;
                            /** @enum {string} */
                            type: "code" | "noCode";
                            noCodeConfig: {
                                [key: string]: unknown;
                            } | null;
                            description: string | null;
                        }[];
                    };
                    options?: {
                        name?: string;
                        dryRun?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Dry run: nothing was written */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            document: {
                                [key: string]: unknown;
                            } | null;
                            references: {
                                actionClasses: {
                                    id: string;
                                    name: string;
                                    key: string | null;
                                    /** @enum {string} */
                                    type: "code" | "noCode";
                                    noCodeConfig: {
                                        [key: string]: unknown;
                                    } | null;
                                    description: string | null;
                                }[];
                            } | null;
                            report: {
                                source: {
                                    /** @constant */
                                    lane: "lossless";
                                    /** @enum {string} */
                                    kind: "formbricks-export" | "v3-document";
                                };
                                summary: {
                                    blocks: number;
                                    elements: number;
                                    endings: number;
                                    languages: string[];
                                    logicRules: number;
                                    logicRulesReported: number;
                                    hiddenFields: number;
                                };
                                issues: {
                                    /** @enum {string} */
                                    severity: "error" | "warning" | "info";
                                    code: string;
                                    path?: string;
                                    message: string;
                                    vars?: {
                                        [key: string]: unknown;
                                    };
                                }[];
                            };
                            validation: {
                                valid: boolean;
                                invalid_params: {
                                    name: string;
                                    reason: string;
                                    code?: string;
                                }[];
                            };
                        };
                    };
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            survey: {
                                id: string;
                                workspaceId: string;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                                archivedAt: string | null;
                                name: string;
                                /** @enum {string} */
                                type: "link" | "app" | "website";
                                /** @enum {string} */
                                status: "draft" | "scheduled" | "inProgress" | "paused" | "completed";
                                metadata: {
                                    [key: string]: unknown;
                                };
                                defaultLanguage: string;
                                languages: {
                                    code: string;
                                    alias: string | null;
                                    default: boolean;
                                    enabled: boolean;
                                }[];
                                welcomeCard: unknown;
                                blocks: unknown[];
                                endings: unknown[];
                                hiddenFields: unknown;
                                variables: unknown[];
                                distribution?: {
                                    displayOption: string;
                                    displayPercentage: number | null;
                                    displayLimit: number | null;
                                    recontactDays: number | null;
                                    autoClose: number | null;
                                    autoComplete: number | null;
                                    delay: number;
                                    triggers: {
                                        actionClassId: string;
                                    }[];
                                };
                                targeting?: {
                                    filters: unknown[];
                                    segmentId?: string;
                                };
                                customCss: {
                                    light: string | null;
                                    dark: string | null;
                                } | null;
                                autoComplete: number | null;
                                closeOn: string | null;
                                singleUse: {
                                    [key: string]: unknown;
                                } | null;
                                pin: string | null;
                                isBackButtonHidden: boolean;
                                styling: {
                                    [key: string]: unknown;
                                } | null;
                                workspaceOverwrites: {
                                    [key: string]: unknown;
                                } | null;
                                showLanguageSwitch: boolean | null;
                                /** @enum {string} */
                                visibility: "restricted" | "workspace";
                                owner: {
                                    name: string;
                                } | null;
                                access: {
                                    via: string;
                                    canManageVisibility: boolean;
                                };
                            };
                            report: {
                                source: {
                                    /** @constant */
                                    lane: "lossless";
                                    /** @enum {string} */
                                    kind: "formbricks-export" | "v3-document";
                                };
                                summary: {
                                    blocks: number;
                                    elements: number;
                                    endings: number;
                                    languages: string[];
                                    logicRules: number;
                                    logicRulesReported: number;
                                    hiddenFields: number;
                                };
                                issues: {
                                    /** @enum {string} */
                                    severity: "error" | "warning" | "info";
                                    code: string;
                                    path?: string;
                                    message: string;
                                    vars?: {
                                        [key: string]: unknown;
                                    };
                                }[];
                            };
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be applied to what is stored (`invalid_params` says why) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV3Surveys: {
        parameters: {
            query: {
                workspaceId: string;
                limit?: string;
                cursor?: string;
                includeTotalCount?: "true" | "false";
                "filter[name][contains]"?: string;
                "filter[status][in]"?: string;
                "filter[type][in]"?: string;
                "filter[visibility][in]"?: string;
                "filter[owner][in]"?: string;
                sortBy?: "createdAt" | "updatedAt" | "name" | "relevance";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            workspaceId: string;
                            /** @enum {string} */
                            type: "link" | "app" | "website";
                            /** @enum {string} */
                            status: "draft" | "scheduled" | "inProgress" | "paused" | "completed";
                            publishOn: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            archivedAt: string | null;
                            responseCount: number;
                            completedResponseCount: number;
                            creator: {
                                name: string;
                            } | null;
                            /** @enum {string} */
                            visibility: "restricted" | "workspace";
                            owner: {
                                name: string;
                            } | null;
                            access: {
                                via: string;
                                canManageVisibility: boolean;
                            };
                        }[];
                        meta: {
                            limit: number;
                            nextCursor: string | null;
                            totalCount: number | null;
                            workspaceSurveyCount: number | null;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3Surveys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    workspaceId: string;
                    name: string;
                    /** @enum {string} */
                    type?: "link" | "app";
                    /** @enum {string} */
                    status?: "draft" | "inProgress" | "paused" | "completed";
                    metadata?: {
                        [key: string]: unknown;
                    };
                    defaultLanguage?: string;
                    languages?: {
                        code: string;
                        default?: boolean;
                        enabled?: boolean;
                    }[];
                    welcomeCard?: {
                        [key: string]: unknown;
                    };
                    blocks: {
                        [key: string]: unknown;
                    }[];
                    endings?: {
                        [key: string]: unknown;
                    }[];
                    hiddenFields?: {
                        [key: string]: unknown;
                    };
                    variables?: {
                        [key: string]: unknown;
                    }[];
                    distribution?: {
                        /** @enum {string} */
                        displayOption?: "displayOnce" | "displayMultiple" | "respondMultiple" | "displaySome";
                        displayPercentage?: number | null;
                        displayLimit?: number | null;
                        recontactDays?: number | null;
                        autoClose?: number | null;
                        autoComplete?: number | null;
                        delay?: number;
                        triggers?: {
                            actionClassId: string;
                        }[];
                    };
                    targeting?: {
                        filters: unknown[];
                        segmentId?: string | null;
                    };
                    customCss?: {
                        light: string | null;
                        dark: string | null;
                    } | null;
                    autoComplete?: number | null;
                    closeOn?: string | null;
                    singleUse?: {
                        [key: string]: unknown;
                    } | null;
                    pin?: string | null;
                    isBackButtonHidden?: boolean;
                    styling?: {
                        brandColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        questionColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        inputColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        inputBorderColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        cardBackgroundColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        cardBorderColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        cardShadowColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        highlightBorderColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        isDarkModeEnabled?: boolean | null;
                        roundness?: number | null;
                        cardArrangement?: {
                            /** @enum {string} */
                            linkSurveys: "casual" | "straight" | "simple";
                            /** @enum {string} */
                            appSurveys: "casual" | "straight" | "simple";
                        } | null;
                        background?: {
                            /** @enum {string} */
                            bgType: "color" | "image" | "upload";
                            bg: string;
                            brightness?: number | null;
                        } | null;
                        hideProgressBar?: boolean | null;
                        isLogoHidden?: boolean | null;
                        overwriteThemeStyling?: boolean | null;
                    } | null;
                    workspaceOverwrites?: {
                        [key: string]: unknown;
                    } | null;
                    showLanguageSwitch?: boolean | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            workspaceId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            archivedAt: string | null;
                            name: string;
                            /** @enum {string} */
                            type: "link" | "app" | "website";
                            /** @enum {string} */
                            status: "draft" | "scheduled" | "inProgress" | "paused" | "completed";
                            metadata: {
                                [key: string]: unknown;
                            };
                            defaultLanguage: string;
                            languages: {
                                code: string;
                                alias: string | null;
                                default: boolean;
                                enabled: boolean;
                            }[];
                            welcomeCard: unknown;
                            blocks: unknown[];
                            endings: unknown[];
                            hiddenFields: unknown;
                            variables: unknown[];
                            distribution?: {
                                displayOption: string;
                                displayPercentage: number | null;
                                displayLimit: number | null;
                                recontactDays: number | null;
                                autoClose: number | null;
                                autoComplete: number | null;
                                delay: number;
                                triggers: {
                                    actionClassId: string;
                                }[];
                            };
                            targeting?: {
                                filters: unknown[];
                                segmentId?: string;
                            };
                            customCss: {
                                light: string | null;
                                dark: string | null;
                            } | null;
                            autoComplete: number | null;
                            closeOn: string | null;
                            singleUse: {
                                [key: string]: unknown;
                            } | null;
                            pin: string | null;
                            isBackButtonHidden: boolean;
                            styling: {
                                [key: string]: unknown;
                            } | null;
                            workspaceOverwrites: {
                                [key: string]: unknown;
                            } | null;
                            showLanguageSwitch: boolean | null;
                            /** @enum {string} */
                            visibility: "restricted" | "workspace";
                            owner: {
                                name: string;
                            } | null;
                            access: {
                                via: string;
                                canManageVisibility: boolean;
                            };
                        };
                        warnings?: unknown[];
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be applied to what is stored (`invalid_params` says why) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV3SurveysBySurveyId: {
        parameters: {
            query?: {
                lang?: string;
            };
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            workspaceId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            archivedAt: string | null;
                            name: string;
                            /** @enum {string} */
                            type: "link" | "app" | "website";
                            /** @enum {string} */
                            status: "draft" | "scheduled" | "inProgress" | "paused" | "completed";
                            metadata: {
                                [key: string]: unknown;
                            };
                            defaultLanguage: string;
                            languages: {
                                code: string;
                                alias: string | null;
                                default: boolean;
                                enabled: boolean;
                            }[];
                            welcomeCard: unknown;
                            blocks: unknown[];
                            endings: unknown[];
                            hiddenFields: unknown;
                            variables: unknown[];
                            distribution?: {
                                displayOption: string;
                                displayPercentage: number | null;
                                displayLimit: number | null;
                                recontactDays: number | null;
                                autoClose: number | null;
                                autoComplete: number | null;
                                delay: number;
                                triggers: {
                                    actionClassId: string;
                                }[];
                            };
                            targeting?: {
                                filters: unknown[];
                                segmentId?: string;
                            };
                            customCss: {
                                light: string | null;
                                dark: string | null;
                            } | null;
                            autoComplete: number | null;
                            closeOn: string | null;
                            singleUse: {
                                [key: string]: unknown;
                            } | null;
                            pin: string | null;
                            isBackButtonHidden: boolean;
                            styling: {
                                [key: string]: unknown;
                            } | null;
                            workspaceOverwrites: {
                                [key: string]: unknown;
                            } | null;
                            showLanguageSwitch: boolean | null;
                            /** @enum {string} */
                            visibility: "restricted" | "workspace";
                            owner: {
                                name: string;
                            } | null;
                            access: {
                                via: string;
                                canManageVisibility: boolean;
                            };
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV3SurveysBySurveyId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: no content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchV3SurveysBySurveyId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @enum {string} */
                    status?: "draft" | "inProgress" | "paused" | "completed";
                    metadata?: {
                        [key: string]: unknown;
                    };
                    languages?: {
                        code: string;
                        default?: boolean;
                        enabled?: boolean;
                        alias?: string | null;
                    }[];
                    welcomeCard?: {
                        [key: string]: unknown;
                    };
                    blocks?: {
                        [key: string]: unknown;
                    }[];
                    endings?: {
                        [key: string]: unknown;
                    }[];
                    hiddenFields?: {
                        [key: string]: unknown;
                    };
                    variables?: {
                        [key: string]: unknown;
                    }[];
                    distribution?: {
                        /** @enum {string} */
                        displayOption?: "displayOnce" | "displayMultiple" | "respondMultiple" | "displaySome";
                        displayPercentage?: number | null;
                        displayLimit?: number | null;
                        recontactDays?: number | null;
                        autoClose?: number | null;
                        autoComplete?: number | null;
                        delay?: number;
                        triggers?: {
                            actionClassId: string;
                        }[];
                    };
                    targeting?: {
                        filters: unknown[];
                        segmentId?: string | null;
                    };
                    customCss?: {
                        light: string | null;
                        dark: string | null;
                    } | null;
                    autoComplete?: number | null;
                    closeOn?: string | null;
                    singleUse?: {
                        [key: string]: unknown;
                    } | null;
                    pin?: string | null;
                    isBackButtonHidden?: boolean;
                    styling?: {
                        brandColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        questionColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        inputColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        inputBorderColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        cardBackgroundColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        cardBorderColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        cardShadowColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        highlightBorderColor?: {
                            light: string;
                            dark?: string | null;
                        } | null;
                        isDarkModeEnabled?: boolean | null;
                        roundness?: number | null;
                        cardArrangement?: {
                            /** @enum {string} */
                            linkSurveys: "casual" | "straight" | "simple";
                            /** @enum {string} */
                            appSurveys: "casual" | "straight" | "simple";
                        } | null;
                        background?: {
                            /** @enum {string} */
                            bgType: "color" | "image" | "upload";
                            bg: string;
                            brightness?: number | null;
                        } | null;
                        hideProgressBar?: boolean | null;
                        isLogoHidden?: boolean | null;
                        overwriteThemeStyling?: boolean | null;
                    } | null;
                    workspaceOverwrites?: {
                        [key: string]: unknown;
                    } | null;
                    showLanguageSwitch?: boolean | null;
                    id?: string;
                    workspaceId?: string;
                    /** @enum {string} */
                    type?: "link" | "app" | "website";
                    defaultLanguage?: string;
                    /** Format: date-time */
                    createdAt?: string;
                    /** Format: date-time */
                    updatedAt?: string;
                    archivedAt?: string | null;
                    visibility?: unknown;
                    owner?: unknown;
                    access?: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            workspaceId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            archivedAt: string | null;
                            name: string;
                            /** @enum {string} */
                            type: "link" | "app" | "website";
                            /** @enum {string} */
                            status: "draft" | "scheduled" | "inProgress" | "paused" | "completed";
                            metadata: {
                                [key: string]: unknown;
                            };
                            defaultLanguage: string;
                            languages: {
                                code: string;
                                alias: string | null;
                                default: boolean;
                                enabled: boolean;
                            }[];
                            welcomeCard: unknown;
                            blocks: unknown[];
                            endings: unknown[];
                            hiddenFields: unknown;
                            variables: unknown[];
                            distribution?: {
                                displayOption: string;
                                displayPercentage: number | null;
                                displayLimit: number | null;
                                recontactDays: number | null;
                                autoClose: number | null;
                                autoComplete: number | null;
                                delay: number;
                                triggers: {
                                    actionClassId: string;
                                }[];
                            };
                            targeting?: {
                                filters: unknown[];
                                segmentId?: string;
                            };
                            customCss: {
                                light: string | null;
                                dark: string | null;
                            } | null;
                            autoComplete: number | null;
                            closeOn: string | null;
                            singleUse: {
                                [key: string]: unknown;
                            } | null;
                            pin: string | null;
                            isBackButtonHidden: boolean;
                            styling: {
                                [key: string]: unknown;
                            } | null;
                            workspaceOverwrites: {
                                [key: string]: unknown;
                            } | null;
                            showLanguageSwitch: boolean | null;
                            /** @enum {string} */
                            visibility: "restricted" | "workspace";
                            owner: {
                                name: string;
                            } | null;
                            access: {
                                via: string;
                                canManageVisibility: boolean;
                            };
                        };
                        warnings?: unknown[];
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be applied to what is stored (`invalid_params` says why) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3SurveysBySurveyIdArchive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** @enum {string} */
                            status: "draft" | "scheduled" | "inProgress" | "paused" | "completed";
                            archivedAt: string | null;
                        };
                    };
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3SurveysBySurveyIdRestore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** @enum {string} */
                            status: "draft" | "scheduled" | "inProgress" | "paused" | "completed";
                            archivedAt: string | null;
                        };
                    };
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchV3SurveysBySurveyIdBlocks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ops: ({
                        /** @constant */
                        op: "update";
                        id: string;
                        block: {
                            [key: string]: unknown;
                        };
                    } | {
                        /** @constant */
                        op: "insert";
                        block: {
                            [key: string]: unknown;
                        };
                        position: {
                            /** @constant */
                            type: "start";
                        } | {
                            /** @constant */
                            type: "end";
                        } | {
                            /** @constant */
                            type: "after";
                            blockId: string;
                        };
                    } | {
                        /** @constant */
                        op: "remove";
                        id: string;
                    })[];
                    /** Format: date-time */
                    expectedUpdatedAt?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            workspaceId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            archivedAt: string | null;
                            name: string;
                            /** @enum {string} */
                            type: "link" | "app" | "website";
                            /** @enum {string} */
                            status: "draft" | "scheduled" | "inProgress" | "paused" | "completed";
                            metadata: {
                                [key: string]: unknown;
                            };
                            defaultLanguage: string;
                            languages: {
                                code: string;
                                alias: string | null;
                                default: boolean;
                                enabled: boolean;
                            }[];
                            welcomeCard: unknown;
                            blocks: unknown[];
                            endings: unknown[];
                            hiddenFields: unknown;
                            variables: unknown[];
                            distribution?: {
                                displayOption: string;
                                displayPercentage: number | null;
                                displayLimit: number | null;
                                recontactDays: number | null;
                                autoClose: number | null;
                                autoComplete: number | null;
                                delay: number;
                                triggers: {
                                    actionClassId: string;
                                }[];
                            };
                            targeting?: {
                                filters: unknown[];
                                segmentId?: string;
                            };
                            customCss: {
                                light: string | null;
                                dark: string | null;
                            } | null;
                            autoComplete: number | null;
                            closeOn: string | null;
                            singleUse: {
                                [key: string]: unknown;
                            } | null;
                            pin: string | null;
                            isBackButtonHidden: boolean;
                            styling: {
                                [key: string]: unknown;
                            } | null;
                            workspaceOverwrites: {
                                [key: string]: unknown;
                            } | null;
                            showLanguageSwitch: boolean | null;
                            /** @enum {string} */
                            visibility: "restricted" | "workspace";
                            owner: {
                                name: string;
                            } | null;
                            access: {
                                via: string;
                                canManageVisibility: boolean;
                            };
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be applied to what is stored (`invalid_params` says why) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putV3SurveysBySurveyIdBlocksOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    order: string[];
                    /** Format: date-time */
                    expectedUpdatedAt?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            workspaceId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            archivedAt: string | null;
                            name: string;
                            /** @enum {string} */
                            type: "link" | "app" | "website";
                            /** @enum {string} */
                            status: "draft" | "scheduled" | "inProgress" | "paused" | "completed";
                            metadata: {
                                [key: string]: unknown;
                            };
                            defaultLanguage: string;
                            languages: {
                                code: string;
                                alias: string | null;
                                default: boolean;
                                enabled: boolean;
                            }[];
                            welcomeCard: unknown;
                            blocks: unknown[];
                            endings: unknown[];
                            hiddenFields: unknown;
                            variables: unknown[];
                            distribution?: {
                                displayOption: string;
                                displayPercentage: number | null;
                                displayLimit: number | null;
                                recontactDays: number | null;
                                autoClose: number | null;
                                autoComplete: number | null;
                                delay: number;
                                triggers: {
                                    actionClassId: string;
                                }[];
                            };
                            targeting?: {
                                filters: unknown[];
                                segmentId?: string;
                            };
                            customCss: {
                                light: string | null;
                                dark: string | null;
                            } | null;
                            autoComplete: number | null;
                            closeOn: string | null;
                            singleUse: {
                                [key: string]: unknown;
                            } | null;
                            pin: string | null;
                            isBackButtonHidden: boolean;
                            styling: {
                                [key: string]: unknown;
                            } | null;
                            workspaceOverwrites: {
                                [key: string]: unknown;
                            } | null;
                            showLanguageSwitch: boolean | null;
                            /** @enum {string} */
                            visibility: "restricted" | "workspace";
                            owner: {
                                name: string;
                            } | null;
                            access: {
                                via: string;
                                canManageVisibility: boolean;
                            };
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be applied to what is stored (`invalid_params` says why) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV3SurveysBySurveyIdVisibility: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3SurveysBySurveyIdVisibility: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    visibility: "restricted" | "workspace";
                };
            };
        };
        responses: {
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV3ActionClasses: {
        parameters: {
            query: {
                workspaceId: string;
                limit?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            description: string | null;
                            /** @enum {string} */
                            type: "code" | "noCode";
                            key: string | null;
                        }[];
                        meta: {
                            limit: number;
                            nextCursor: string | null;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV3ContactAttributeKeys: {
        parameters: {
            query: {
                workspaceId: string;
                limit?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            key: string;
                            name: string | null;
                            description: string | null;
                            /** @enum {string} */
                            type: "default" | "custom";
                            /** @enum {string} */
                            dataType: "string" | "number" | "date";
                        }[];
                        meta: {
                            limit: number;
                            nextCursor: string | null;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV3Tags: {
        parameters: {
            query: {
                workspaceId: string;
                limit?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            workspaceId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            count: number;
                        }[];
                        meta: {
                            limit: number;
                            nextCursor: string | null;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3Tags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    workspaceId: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            workspaceId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            count: number;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be applied to what is stored (`invalid_params` says why) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV3TagsByTagId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tagId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchV3TagsByTagId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tagId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            workspaceId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            count: number;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be applied to what is stored (`invalid_params` says why) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3TagsByTagIdMerge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tagId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    newTagId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV3WorkspacesByWorkspaceIdCustomCss: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            workspaceId: string;
                            customCss: {
                                light: string | null;
                                dark: string | null;
                            } | null;
                            previous: {
                                light: string | null;
                                dark: string | null;
                            } | null;
                            /** @enum {string} */
                            status: "ok" | "stale" | "withheld";
                            errors?: unknown[];
                            canEdit: boolean;
                            planAllowed: boolean;
                        };
                    };
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchV3WorkspacesByWorkspaceIdCustomCss: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customCss: {
                        light: string | null;
                        dark: string | null;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            workspaceId: string;
                            customCss: {
                                light: string | null;
                                dark: string | null;
                            } | null;
                            previous: {
                                light: string | null;
                                dark: string | null;
                            } | null;
                            /** @enum {string} */
                            status: "ok" | "stale" | "withheld";
                            errors?: unknown[];
                            canEdit: boolean;
                            planAllowed: boolean;
                        };
                        warnings: unknown[];
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be applied to what is stored (`invalid_params` says why) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV3Responses: {
        parameters: {
            query: {
                workspaceId: string;
                surveyId?: string;
                contactId?: string;
                "filter[createdAt][gte]"?: string;
                "filter[createdAt][gt]"?: string;
                "filter[createdAt][lte]"?: string;
                "filter[createdAt][lt]"?: string;
                "filter[finished][eq]"?: "true" | "false";
                "filter[language][in]"?: string;
                "filter[id][in]"?: string;
                "filter[data.<questionId>][eq]"?: string;
                limit?: string;
                cursor?: string;
                includeTotalCount?: "true" | "false";
                sortBy?: "-createdAt" | "createdAt";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            surveyId: string;
                            surveyName: string;
                            workspaceId: string;
                            createdAt: string;
                            updatedAt: string;
                            finished: boolean;
                            endingId: string | null;
                            language: string | null;
                            durationSeconds?: number;
                            resolution: {
                                /** @constant */
                                labelPolicy: "currentSurveyDefinition";
                                labelsLanguage: string | null;
                                surveyUpdatedAt: string;
                            };
                            answers: {
                                position: number;
                                elementId: string;
                                elementType: string;
                                elementLabel: string;
                                durationSeconds?: number;
                                valueText?: string;
                                valueNumber?: number;
                                valueBoolean?: boolean;
                                valueDate?: string;
                                rawValue?: string;
                                selections?: {
                                    optionId: string | null;
                                    optionLabel: string | null;
                                    rawValue: string;
                                    /** @enum {string} */
                                    match: "exact" | "label" | "other" | "unmatched";
                                    rank?: number;
                                }[];
                                fileUrls?: string[];
                                booked?: boolean;
                            }[];
                            embeddedData: {
                                key: string;
                                /** @enum {string} */
                                kind: "ingested" | "computed" | "reserved";
                                /** @enum {string} */
                                type: "string" | "number" | "boolean" | "date";
                                label: string;
                                value: string | number | boolean;
                            }[];
                            unresolved: {
                                key: string;
                                rawValue: string | number | string[] | {
                                    [key: string]: string;
                                };
                                /** @enum {string} */
                                reason: "elementNotInSurvey" | "variableNotInSurvey" | "valueShapeMismatch";
                            }[];
                            tags: {
                                id: string;
                                name: string;
                            }[];
                        }[];
                        meta: {
                            limit: number;
                            nextCursor: string | null;
                            totalCount: number | null;
                            totalCountRelation: ("eq" | "gte") | null;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3Responses: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    surveyId: string;
                    finished: boolean;
                    data: {
                        [key: string]: string | number | string[] | {
                            [key: string]: string;
                        };
                    };
                    embeddedData?: {
                        [key: string]: (string | number | boolean) | null;
                    };
                    ttc?: {
                        [key: string]: number;
                    };
                    meta?: {
                        source?: string;
                        url?: string;
                        action?: string;
                    };
                    tags?: string[];
                    endingId?: string | null;
                    language?: string | null;
                    contactId?: string;
                    displayId?: string;
                    singleUseId?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            surveyId: string;
                            surveyName: string;
                            workspaceId: string;
                            createdAt: string;
                            updatedAt: string;
                            finished: boolean;
                            endingId: string | null;
                            language: string | null;
                            durationSeconds?: number;
                            resolution: {
                                /** @constant */
                                labelPolicy: "currentSurveyDefinition";
                                labelsLanguage: string | null;
                                surveyUpdatedAt: string;
                            };
                            answers: {
                                position: number;
                                elementId: string;
                                elementType: string;
                                elementLabel: string;
                                durationSeconds?: number;
                                valueText?: string;
                                valueNumber?: number;
                                valueBoolean?: boolean;
                                valueDate?: string;
                                rawValue?: string;
                                selections?: {
                                    optionId: string | null;
                                    optionLabel: string | null;
                                    rawValue: string;
                                    /** @enum {string} */
                                    match: "exact" | "label" | "other" | "unmatched";
                                    rank?: number;
                                }[];
                                fileUrls?: string[];
                                booked?: boolean;
                            }[];
                            embeddedData: {
                                key: string;
                                /** @enum {string} */
                                kind: "ingested" | "computed" | "reserved";
                                /** @enum {string} */
                                type: "string" | "number" | "boolean" | "date";
                                label: string;
                                value: string | number | boolean;
                            }[];
                            unresolved: {
                                key: string;
                                rawValue: string | number | string[] | {
                                    [key: string]: string;
                                };
                                /** @enum {string} */
                                reason: "elementNotInSurvey" | "variableNotInSurvey" | "valueShapeMismatch";
                            }[];
                            tags: {
                                id: string;
                                name: string;
                            }[];
                            data: {
                                [key: string]: string | number | string[] | {
                                    [key: string]: string;
                                };
                            };
                            contact: {
                                id: string;
                                userId?: string | null;
                            } | null;
                            displayId: string | null;
                            singleUseId: string | null;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be applied to what is stored (`invalid_params` says why) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV3ResponsesCount: {
        parameters: {
            query: {
                workspaceId: string;
                surveyId?: string;
                contactId?: string;
                "filter[createdAt][gte]"?: string;
                "filter[createdAt][gt]"?: string;
                "filter[createdAt][lte]"?: string;
                "filter[createdAt][lt]"?: string;
                "filter[finished][eq]"?: "true" | "false";
                "filter[language][in]"?: string;
                "filter[id][in]"?: string;
                "filter[data.<questionId>][eq]"?: string;
                precision?: "capped" | "exact";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            count: number;
                            /** @enum {string} */
                            relation: "eq" | "gte";
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3ResponsesBatchDelete: {
        parameters: {
            query: {
                workspaceId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            deleted: number;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV3ResponsesValidate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    operation: "create";
                    data: {
                        [key: string]: unknown;
                    };
                } | {
                    /** @constant */
                    operation: "patch";
                    responseId: string;
                    data: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            valid: boolean;
                            /** @enum {string} */
                            operation: "create" | "patch";
                            invalid_params: {
                                name: string;
                                reason: string;
                                code?: string;
                            }[];
                            effects?: {
                                language: string | null;
                                contactId: string | null;
                                displayId: string | null;
                                firesPipeline: boolean;
                                countsTowardMeteredResponses: boolean;
                                quotas: {
                                    quotaId: string;
                                    quotaName: string;
                                    wouldCount: boolean;
                                    wouldFill?: boolean;
                                }[];
                                tagsToApply: string[];
                            };
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV3ResponsesByResponseId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                responseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            surveyId: string;
                            surveyName: string;
                            workspaceId: string;
                            createdAt: string;
                            updatedAt: string;
                            finished: boolean;
                            endingId: string | null;
                            language: string | null;
                            durationSeconds?: number;
                            resolution: {
                                /** @constant */
                                labelPolicy: "currentSurveyDefinition";
                                labelsLanguage: string | null;
                                surveyUpdatedAt: string;
                            };
                            answers: {
                                position: number;
                                elementId: string;
                                elementType: string;
                                elementLabel: string;
                                durationSeconds?: number;
                                valueText?: string;
                                valueNumber?: number;
                                valueBoolean?: boolean;
                                valueDate?: string;
                                rawValue?: string;
                                selections?: {
                                    optionId: string | null;
                                    optionLabel: string | null;
                                    rawValue: string;
                                    /** @enum {string} */
                                    match: "exact" | "label" | "other" | "unmatched";
                                    rank?: number;
                                }[];
                                fileUrls?: string[];
                                booked?: boolean;
                            }[];
                            embeddedData: {
                                key: string;
                                /** @enum {string} */
                                kind: "ingested" | "computed" | "reserved";
                                /** @enum {string} */
                                type: "string" | "number" | "boolean" | "date";
                                label: string;
                                value: string | number | boolean;
                            }[];
                            unresolved: {
                                key: string;
                                rawValue: string | number | string[] | {
                                    [key: string]: string;
                                };
                                /** @enum {string} */
                                reason: "elementNotInSurvey" | "variableNotInSurvey" | "valueShapeMismatch";
                            }[];
                            tags: {
                                id: string;
                                name: string;
                            }[];
                            data: {
                                [key: string]: string | number | string[] | {
                                    [key: string]: string;
                                };
                            };
                            contact: {
                                id: string;
                                userId?: string | null;
                            } | null;
                            displayId: string | null;
                            singleUseId: string | null;
                        };
                    };
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV3ResponsesByResponseId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                responseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: no content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchV3ResponsesByResponseId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retry safely: the same key and body within 24 h get the first answer again */
                "Idempotency-Key"?: string;
            };
            path: {
                responseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    finished?: boolean;
                    endingId?: string | null;
                    language?: string | null;
                    data?: {
                        [key: string]: string | number | string[] | {
                            [key: string]: string;
                        };
                    };
                    embeddedData?: {
                        [key: string]: (string | number | boolean) | null;
                    };
                    tags?: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            surveyId: string;
                            surveyName: string;
                            workspaceId: string;
                            createdAt: string;
                            updatedAt: string;
                            finished: boolean;
                            endingId: string | null;
                            language: string | null;
                            durationSeconds?: number;
                            resolution: {
                                /** @constant */
                                labelPolicy: "currentSurveyDefinition";
                                labelsLanguage: string | null;
                                surveyUpdatedAt: string;
                            };
                            answers: {
                                position: number;
                                elementId: string;
                                elementType: string;
                                elementLabel: string;
                                durationSeconds?: number;
                                valueText?: string;
                                valueNumber?: number;
                                valueBoolean?: boolean;
                                valueDate?: string;
                                rawValue?: string;
                                selections?: {
                                    optionId: string | null;
                                    optionLabel: string | null;
                                    rawValue: string;
                                    /** @enum {string} */
                                    match: "exact" | "label" | "other" | "unmatched";
                                    rank?: number;
                                }[];
                                fileUrls?: string[];
                                booked?: boolean;
                            }[];
                            embeddedData: {
                                key: string;
                                /** @enum {string} */
                                kind: "ingested" | "computed" | "reserved";
                                /** @enum {string} */
                                type: "string" | "number" | "boolean" | "date";
                                label: string;
                                value: string | number | boolean;
                            }[];
                            unresolved: {
                                key: string;
                                rawValue: string | number | string[] | {
                                    [key: string]: string;
                                };
                                /** @enum {string} */
                                reason: "elementNotInSurvey" | "variableNotInSurvey" | "valueShapeMismatch";
                            }[];
                            tags: {
                                id: string;
                                name: string;
                            }[];
                            data: {
                                [key: string]: string | number | string[] | {
                                    [key: string]: string;
                                };
                            };
                            contact: {
                                id: string;
                                userId?: string | null;
                            } | null;
                            displayId: string | null;
                            singleUseId: string | null;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request is well-formed but cannot be applied to what is stored (`invalid_params` says why) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementResponsesDelete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    responseIds: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            deleted: number;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementResponsesByResponseIdNotes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                responseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            text: string;
                            isResolved: boolean;
                            isEdited: boolean;
                            user: {
                                id: string;
                                name: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1ManagementResponsesByResponseIdNotesByNoteId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                responseId: string;
                noteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            text: string;
                            isResolved: boolean;
                            isEdited: boolean;
                            user: {
                                id: string;
                                name: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchV1ManagementResponsesByResponseIdNotesByNoteId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                responseId: string;
                noteId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            text: string;
                            isResolved: boolean;
                            isEdited: boolean;
                            user: {
                                id: string;
                                name: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementResponsesByResponseIdTags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                responseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    tagId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Response"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1ManagementResponsesByResponseIdTagsByTagId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                responseId: string;
                tagId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Response"];
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementResponses: {
        parameters: {
            query?: {
                limit?: string;
                skip?: string;
                cursor?: string;
                surveyId?: string;
                contactId?: string;
                userId?: string;
                finished?: "true" | "false";
                startDate?: string;
                endDate?: string;
                filterDateField?: "createdAt" | "updatedAt";
                sortBy?: "createdAt" | "updatedAt";
                order?: "asc" | "desc";
                count?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Response"][];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementResponses: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retry safely: the same key and body within 24 h get the first answer again */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    surveyId: string;
                    finished: boolean;
                    data: unknown;
                    userId?: string | null;
                    displayId?: string | null;
                    singleUseId?: string | null;
                    endingId?: string | null;
                    language?: string | null;
                    variables?: unknown;
                    ttc?: unknown;
                    meta?: {
                        source?: string;
                        url?: string;
                        action?: string;
                    };
                    environmentId?: string;
                    workspaceId?: string;
                    createdAt?: string;
                    updatedAt?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Response"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This Idempotency-Key was used for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementResponsesBulk: {
        parameters: {
            query?: {
                webhooks?: "true" | "false";
            };
            header?: {
                /** @description Retry safely: the same key and body within 24 h get the first answer again */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    responses: unknown[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            created: number;
                            failed: number;
                            results: ({
                                index: number;
                                id: string;
                            } | {
                                index: number;
                                error: {
                                    code: string;
                                    message: string;
                                    details: {
                                        [key: string]: unknown;
                                    };
                                };
                            })[];
                            unlistedErrors: number;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This Idempotency-Key was used for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementResponsesAnonymize: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    responseIds?: string[];
                    surveyId?: string;
                    contactId?: string;
                    userId?: string;
                    finished?: boolean;
                    startDate?: string;
                    endDate?: string;
                    /** @enum {string} */
                    filterDateField?: "createdAt" | "updatedAt";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            anonymized: number;
                            missing: string[];
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementResponsesExport: {
        parameters: {
            query: {
                surveyId: string;
                contactId?: string;
                userId?: string;
                finished?: "true" | "false";
                startDate?: string;
                endDate?: string;
                filterDateField?: "createdAt" | "updatedAt";
                sortBy?: "createdAt" | "updatedAt";
                order?: "asc" | "desc";
                format?: "csv" | "ndjson" | "xlsx";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/x-ndjson": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementResponsesByResponseId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                responseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Response"];
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putV1ManagementResponsesByResponseId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retry safely: the same key and body within 24 h get the first answer again */
                "Idempotency-Key"?: string;
            };
            path: {
                responseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    finished?: boolean;
                    data?: unknown;
                    endingId?: string | null;
                    language?: string | null;
                    variables?: unknown;
                    ttc?: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Response"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This Idempotency-Key was used for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1ManagementResponsesByResponseId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                responseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Response"];
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementResponsesExportLinks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    surveyId: string;
                    /** @enum {string} */
                    format?: "csv" | "ndjson" | "xlsx";
                    filters?: {
                        [key: string]: string | string[];
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Where the export downloads from, without a key or session, until `expiresAt` */
                            url: string;
                            /** @description ISO 8601 */
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementResponsesExportDownload: {
        parameters: {
            query: {
                surveyId: string;
                contactId?: string;
                userId?: string;
                finished?: "true" | "false";
                startDate?: string;
                endDate?: string;
                filterDateField?: "createdAt" | "updatedAt";
                sortBy?: "createdAt" | "updatedAt";
                order?: "asc" | "desc";
                format: "csv" | "ndjson" | "xlsx";
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/x-ndjson": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ClientByEnvironmentIdResponses: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retry safely: the same key and body within 24 h get the first answer again */
                "Idempotency-Key"?: string;
            };
            path: {
                environmentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResponseCreate"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** @constant */
                            quotaFull?: true;
                            quota?: {
                                id: string;
                                /** @enum {string} */
                                action: "endSurvey" | "continueSurvey";
                                endingCardId?: string;
                            };
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This Idempotency-Key was used for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putV1ClientByEnvironmentIdResponsesByResponseId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retry safely: the same key and body within 24 h get the first answer again */
                "Idempotency-Key"?: string;
            };
            path: {
                environmentId: string;
                responseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResponseUpdate"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** @constant */
                            quotaFull?: true;
                            quota?: {
                                id: string;
                                /** @enum {string} */
                                action: "endSurvey" | "continueSurvey";
                                endingCardId?: string;
                            };
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This Idempotency-Key was used for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putV1ClientResponsesByResponseId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retry safely: the same key and body within 24 h get the first answer again */
                "Idempotency-Key"?: string;
            };
            path: {
                responseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResponseUpdate"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** @constant */
                            quotaFull?: true;
                            quota?: {
                                id: string;
                                /** @enum {string} */
                                action: "endSurvey" | "continueSurvey";
                                endingCardId?: string;
                            };
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This Idempotency-Key was used for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV2ClientByEnvironmentIdResponses: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retry safely: the same key and body within 24 h get the first answer again */
                "Idempotency-Key"?: string;
            };
            path: {
                environmentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    surveyId: string;
                    finished: boolean;
                    data: unknown;
                    displayId?: string | null;
                    singleUseId?: string | null;
                    endingId?: string | null;
                    language?: string | null;
                    variables?: unknown;
                    ttc?: unknown;
                    meta?: {
                        source?: string;
                        url?: string;
                        action?: string;
                    };
                    pinAuthToken?: string | null;
                    contactId?: string | null;
                    recaptchaToken?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            quotaFull: boolean;
                            quota?: {
                                id: string;
                                /** @enum {string} */
                                action: "endSurvey" | "continueSurvey";
                                endingCardId?: string;
                            };
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This Idempotency-Key was used for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putV2ClientByEnvironmentIdResponsesByResponseId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retry safely: the same key and body within 24 h get the first answer again */
                "Idempotency-Key"?: string;
            };
            path: {
                environmentId: string;
                responseId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResponseUpdate"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            quotaFull: boolean;
                            quota?: {
                                id: string;
                                /** @enum {string} */
                                action: "endSurvey" | "continueSurvey";
                                endingCardId?: string;
                            };
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This Idempotency-Key was used for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementAttributeClasses: {
        parameters: {
            query?: {
                limit?: string;
                skip?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AttributeClass"][];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementAttributeClasses: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retry safely: the same key and body within 24 h get the first answer again */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    environmentId?: string;
                    workspaceId?: string;
                    name: string;
                    /**
                     * @default code
                     * @constant
                     */
                    type?: "code";
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AttributeClass"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This Idempotency-Key was used for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementAttributeClassesByAttributeClassId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                attributeClassId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AttributeClass"];
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putV1ManagementAttributeClassesByAttributeClassId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                attributeClassId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string | null;
                    archived?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AttributeClass"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1ManagementAttributeClassesByAttributeClassId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                attributeClassId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AttributeClass"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementActionClasses: {
        parameters: {
            query?: {
                limit?: string;
                skip?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ActionClass"][];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementActionClasses: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retry safely: the same key and body within 24 h get the first answer again */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ActionClassCreate"];
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ActionClass"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This Idempotency-Key was used for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementActionClassesByActionClassId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                actionClassId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ActionClass"];
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putV1ManagementActionClassesByActionClassId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                actionClassId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string | null;
                    /** @enum {string} */
                    type?: "code" | "noCode";
                    key?: string | null;
                    noCodeConfig?: unknown | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ActionClass"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1ManagementActionClassesByActionClassId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                actionClassId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ActionClass"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementContactAttributeKeys: {
        parameters: {
            query?: {
                limit?: string;
                skip?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ContactAttributeKey"][];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementContactAttributeKeys: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retry safely: the same key and body within 24 h get the first answer again */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    environmentId?: string;
                    workspaceId?: string;
                    key: string;
                    name?: string | null;
                    description?: string | null;
                    /**
                     * @default custom
                     * @constant
                     */
                    type?: "custom";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ContactAttributeKey"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This Idempotency-Key was used for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementContactAttributeKeysByContactAttributeKeyId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                contactAttributeKeyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ContactAttributeKey"];
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putV1ManagementContactAttributeKeysByContactAttributeKeyId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                contactAttributeKeyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string | null;
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ContactAttributeKey"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1ManagementContactAttributeKeysByContactAttributeKeyId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                contactAttributeKeyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ContactAttributeKey"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementPeople: {
        parameters: {
            query?: {
                limit?: string;
                skip?: string;
                cursor?: string;
                userId?: string;
                startDate?: string;
                endDate?: string;
                filterDateField?: "createdAt" | "updatedAt";
                sortBy?: "createdAt" | "updatedAt";
                order?: "asc" | "desc";
                count?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Contact"][];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementPeopleByPersonId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                personId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Contact"];
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1ManagementPeopleByPersonId: {
        parameters: {
            query?: {
                erase?: "true" | "false";
            };
            header?: never;
            path: {
                personId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            success: string;
                        } | {
                            /** @constant */
                            erased: true;
                            contactId: string;
                            responses: number;
                            displays: number;
                            attributes: number;
                            files: number;
                            webhookDeliveries: number;
                            idempotencyReplays: number;
                            tags: number;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementPeopleByPersonIdExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                personId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        exportedAt: string;
                        contact: {
                            id: string;
                            userId: string | null;
                            environmentId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        attributes: {
                            [key: string]: string;
                        };
                        displays: {
                            id: string;
                            surveyId: string;
                            responseId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        responses: {
                            id: string;
                            surveyId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            finished: boolean;
                            language: string | null;
                            data: {
                                [key: string]: unknown;
                            };
                            variables: {
                                [key: string]: unknown;
                            };
                            ttc: {
                                [key: string]: number;
                            };
                            meta: {
                                [key: string]: unknown;
                            };
                            singleUseId: string | null;
                            displayId: string | null;
                            endingId: string | null;
                            contactAttributes: {
                                [key: string]: string;
                            } | null;
                            notes: unknown[];
                            tags: unknown[];
                            files: {
                                questionId: string;
                                url: string;
                            }[];
                        }[];
                        files: {
                            responseId: string;
                            questionId: string;
                            url: string;
                        }[];
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementContacts: {
        parameters: {
            query?: {
                limit?: string;
                skip?: string;
                cursor?: string;
                userId?: string;
                startDate?: string;
                endDate?: string;
                filterDateField?: "createdAt" | "updatedAt";
                sortBy?: "createdAt" | "updatedAt";
                order?: "asc" | "desc";
                count?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Contact"][];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementContactsByContactId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                contactId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Contact"];
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1ManagementContactsByContactId: {
        parameters: {
            query?: {
                erase?: "true" | "false";
            };
            header?: never;
            path: {
                contactId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            success: string;
                        } | {
                            /** @constant */
                            erased: true;
                            contactId: string;
                            responses: number;
                            displays: number;
                            attributes: number;
                            files: number;
                            webhookDeliveries: number;
                            idempotencyReplays: number;
                            tags: number;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementContactsByContactIdExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                contactId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        exportedAt: string;
                        contact: {
                            id: string;
                            userId: string | null;
                            environmentId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        attributes: {
                            [key: string]: string;
                        };
                        displays: {
                            id: string;
                            surveyId: string;
                            responseId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        responses: {
                            id: string;
                            surveyId: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            finished: boolean;
                            language: string | null;
                            data: {
                                [key: string]: unknown;
                            };
                            variables: {
                                [key: string]: unknown;
                            };
                            ttc: {
                                [key: string]: number;
                            };
                            meta: {
                                [key: string]: unknown;
                            };
                            singleUseId: string | null;
                            displayId: string | null;
                            endingId: string | null;
                            contactAttributes: {
                                [key: string]: string;
                            } | null;
                            notes: unknown[];
                            tags: unknown[];
                            files: {
                                questionId: string;
                                url: string;
                            }[];
                        }[];
                        files: {
                            responseId: string;
                            questionId: string;
                            url: string;
                        }[];
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementContactAttributes: {
        parameters: {
            query?: {
                limit?: string;
                skip?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ContactAttribute"][];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementSegments: {
        parameters: {
            query?: {
                limit?: string;
                skip?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Segment"][];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementSegments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retry safely: the same key and body within 24 h get the first answer again */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    environmentId?: string;
                    workspaceId?: string;
                    title: string;
                    description?: string | null;
                    /** @default false */
                    isPrivate?: boolean;
                    /** @default [] */
                    filters?: components["schemas"]["SegmentFilters"];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Segment"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This Idempotency-Key was used for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementSegmentsBySegmentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                segmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Segment"];
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putV1ManagementSegmentsBySegmentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                segmentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    description?: string | null;
                    isPrivate?: boolean;
                    filters?: components["schemas"]["SegmentFilters"];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Segment"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1ManagementSegmentsBySegmentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                segmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Segment"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementSurveysBySurveyIdQuotas: {
        parameters: {
            query?: {
                limit?: string;
                skip?: string;
                cursor?: string;
            };
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            surveyId: string;
                            name: string;
                            limit: number;
                            logic: {
                                /** @enum {string} */
                                connector: "and" | "or";
                                conditions: unknown[];
                            };
                            /** @enum {string} */
                            action: "endSurvey" | "continueSurvey";
                            endingCardId: string | null;
                            countPartialSubmissions: boolean;
                            count?: number;
                        }[];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementSurveysBySurveyIdQuotas: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retry safely: the same key and body within 24 h get the first answer again */
                "Idempotency-Key"?: string;
            };
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    surveyId?: string;
                    name: string;
                    limit: number;
                    logic: {
                        /**
                         * @default and
                         * @enum {string}
                         */
                        connector?: "and" | "or";
                        conditions: unknown;
                    };
                    /** @enum {string} */
                    action: "endSurvey" | "continueSurvey";
                    /** @default null */
                    endingCardId?: string | null;
                    /** @default false */
                    countPartialSubmissions?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            surveyId: string;
                            name: string;
                            limit: number;
                            logic: {
                                /** @enum {string} */
                                connector: "and" | "or";
                                conditions: unknown[];
                            };
                            /** @enum {string} */
                            action: "endSurvey" | "continueSurvey";
                            endingCardId: string | null;
                            countPartialSubmissions: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This Idempotency-Key was used for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementSurveysBySurveyIdQuotasByQuotaId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                surveyId: string;
                quotaId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            surveyId: string;
                            name: string;
                            limit: number;
                            logic: {
                                /** @enum {string} */
                                connector: "and" | "or";
                                conditions: unknown[];
                            };
                            /** @enum {string} */
                            action: "endSurvey" | "continueSurvey";
                            endingCardId: string | null;
                            countPartialSubmissions: boolean;
                            count?: number;
                        };
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putV1ManagementSurveysBySurveyIdQuotasByQuotaId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                surveyId: string;
                quotaId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    surveyId?: string;
                    name?: string;
                    limit?: number;
                    logic?: {
                        /**
                         * @default and
                         * @enum {string}
                         */
                        connector?: "and" | "or";
                        conditions: unknown;
                    };
                    /** @enum {string} */
                    action?: "endSurvey" | "continueSurvey";
                    endingCardId?: string | null;
                    countPartialSubmissions?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            surveyId: string;
                            name: string;
                            limit: number;
                            logic: {
                                /** @enum {string} */
                                connector: "and" | "or";
                                conditions: unknown[];
                            };
                            /** @enum {string} */
                            action: "endSurvey" | "continueSurvey";
                            endingCardId: string | null;
                            countPartialSubmissions: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1ManagementSurveysBySurveyIdQuotasByQuotaId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                surveyId: string;
                quotaId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            surveyId: string;
                            name: string;
                            limit: number;
                            logic: {
                                /** @enum {string} */
                                connector: "and" | "or";
                                conditions: unknown[];
                            };
                            /** @enum {string} */
                            action: "endSurvey" | "continueSurvey";
                            endingCardId: string | null;
                            countPartialSubmissions: boolean;
                        };
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ClientByEnvironmentIdDisplays: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retry safely: the same key and body within 24 h get the first answer again */
                "Idempotency-Key"?: string;
            };
            path: {
                environmentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    surveyId: string;
                    userId?: string | null;
                    responseId?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This Idempotency-Key was used for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV2ClientByEnvironmentIdDisplays: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retry safely: the same key and body within 24 h get the first answer again */
                "Idempotency-Key"?: string;
            };
            path: {
                environmentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    surveyId: string;
                    contactId?: string | null;
                    responseId?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This Idempotency-Key was used for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ClientByEnvironmentIdDisplaysByDisplayIdResponse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environmentId: string;
                displayId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            responseId: string | null;
                        };
                    };
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ClientByEnvironmentIdEnvironment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            data: components["schemas"]["EnvironmentState"];
                            /** Format: date-time */
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Not modified: the `If-None-Match` tag is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV2ClientByEnvironmentIdEnvironment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            data: components["schemas"]["EnvironmentState"];
                            /** Format: date-time */
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Not modified: the `If-None-Match` tag is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ClientByEnvironmentIdUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environmentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    userId: string;
                    attributes?: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            state: {
                                data: components["schemas"]["UserState"];
                                /** Format: date-time */
                                expiresAt: string;
                            };
                            messages?: string[];
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV2ClientByEnvironmentIdUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environmentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    userId: string;
                    attributes?: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            state: {
                                data: components["schemas"]["UserState"];
                                /** Format: date-time */
                                expiresAt: string;
                            };
                            messages?: string[];
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putV1ClientByEnvironmentIdContactsByUserIdAttributes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environmentId: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    attributes: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            changed: boolean;
                            message: string;
                            details?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ClientByEnvironmentIdIdentifyContactsByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environmentId: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["UserState"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementSurveysBySurveyIdSingleUseIds: {
        parameters: {
            query?: {
                limit?: string;
            };
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: string[];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementStorageFileLinks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            url: string;
                            expiresAt: string | null;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementStorage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fileName: string;
                    fileType: string;
                    surveyId?: string | null;
                    allowedFileExtensions?: string[] | null;
                    elementId?: string | null;
                    /** @enum {string} */
                    accessType?: "public" | "private";
                    environmentId?: string;
                    workspaceId?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Presign"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementStorageLocal: {
        parameters: {
            query?: {
                accessType?: "public" | "private";
            };
            header?: {
                /** @description From the presign (x-api-key: the management key); a multipart body may carry the presign's `presignedFields` instead of the signing headers */
                "X-File-Type"?: string;
                /** @description From the presign (x-api-key: the management key); a multipart body may carry the presign's `presignedFields` instead of the signing headers */
                "X-File-Name"?: string;
                /** @description From the presign (x-api-key: the management key); a multipart body may carry the presign's `presignedFields` instead of the signing headers */
                "X-Environment-ID"?: string;
                /** @description From the presign (x-api-key: the management key); a multipart body may carry the presign's `presignedFields` instead of the signing headers */
                "X-Signature"?: string;
                /** @description From the presign (x-api-key: the management key); a multipart body may carry the presign's `presignedFields` instead of the signing headers */
                "X-UUID"?: string;
                /** @description From the presign (x-api-key: the management key); a multipart body may carry the presign's `presignedFields` instead of the signing headers */
                "X-Timestamp"?: string;
                /** @description The survey the file belongs to, as presigned: required on the client route (a survey of the environment), optional on the management route */
                "X-Survey-ID"?: string;
                /** @description The survey's fileUpload element (question) the file answers, as presigned: required on the client route, whose limits it applies; not read on the management route */
                "X-Element-ID"?: string;
                /** @description From the presign (x-api-key: the management key); a multipart body may carry the presign's `presignedFields` instead of the signing headers */
                "x-api-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    fileName?: string;
                    fileType?: string;
                    environmentId?: string;
                    uuid?: string;
                    timestamp?: string;
                    signature?: string;
                    surveyId?: string;
                    elementId?: string;
                    file: string;
                };
                "application/json": {
                    fileBase64String: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            message: string;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadError"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadError"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadError"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ClientByEnvironmentIdStorage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environmentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fileName: string;
                    fileType: string;
                    surveyId: string;
                    allowedFileExtensions?: string[] | null;
                    elementId: string;
                    /** @enum {string} */
                    accessType?: "public" | "private";
                    environmentId?: string;
                    workspaceId?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Presign"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV2ClientByEnvironmentIdStorage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environmentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fileName: string;
                    fileType: string;
                    surveyId: string;
                    allowedFileExtensions?: string[] | null;
                    elementId: string;
                    /** @enum {string} */
                    accessType?: "public" | "private";
                    environmentId?: string;
                    workspaceId?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Presign"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ClientByEnvironmentIdStorageLocal: {
        parameters: {
            query?: never;
            header?: {
                /** @description From the presign (x-api-key: the management key); a multipart body may carry the presign's `presignedFields` instead of the signing headers */
                "X-File-Type"?: string;
                /** @description From the presign (x-api-key: the management key); a multipart body may carry the presign's `presignedFields` instead of the signing headers */
                "X-File-Name"?: string;
                /** @description From the presign (x-api-key: the management key); a multipart body may carry the presign's `presignedFields` instead of the signing headers */
                "X-Environment-ID"?: string;
                /** @description From the presign (x-api-key: the management key); a multipart body may carry the presign's `presignedFields` instead of the signing headers */
                "X-Signature"?: string;
                /** @description From the presign (x-api-key: the management key); a multipart body may carry the presign's `presignedFields` instead of the signing headers */
                "X-UUID"?: string;
                /** @description From the presign (x-api-key: the management key); a multipart body may carry the presign's `presignedFields` instead of the signing headers */
                "X-Timestamp"?: string;
                /** @description The survey the file belongs to, as presigned: required on the client route (a survey of the environment), optional on the management route */
                "X-Survey-ID"?: string;
                /** @description The survey's fileUpload element (question) the file answers, as presigned: required on the client route, whose limits it applies; not read on the management route */
                "X-Element-ID"?: string;
                /** @description From the presign (x-api-key: the management key); a multipart body may carry the presign's `presignedFields` instead of the signing headers */
                "x-api-key"?: string;
            };
            path: {
                environmentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    fileName?: string;
                    fileType?: string;
                    environmentId?: string;
                    uuid?: string;
                    timestamp?: string;
                    signature?: string;
                    surveyId?: string;
                    elementId?: string;
                    file: string;
                };
                "application/json": {
                    fileBase64String: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            message: string;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadError"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadError"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadError"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadError"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStorageByEnvironmentIdByAccessTypeByFileName: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path: {
                environmentId: string;
                accessType: string;
                fileName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1Webhooks: {
        parameters: {
            query?: {
                limit?: string;
                skip?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"][];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1Webhooks: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retry safely: the same key and body within 24 h get the first answer again */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    environmentId?: string;
                    workspaceId?: string;
                    url: string;
                    triggers?: ("responseCreated" | "responseUpdated" | "responseFinished")[];
                    trigger?: ("responseCreated" | "responseUpdated" | "responseFinished")[] | ("responseCreated" | "responseUpdated" | "responseFinished");
                    surveyIds?: string[];
                    name?: string | null;
                    source?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            name: string | null;
                            url: string;
                            source: string;
                            environmentId: string;
                            triggers: ("responseCreated" | "responseUpdated" | "responseFinished")[];
                            surveyIds: string[];
                            secret: string;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This Idempotency-Key was used for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1WebhooksByWebhookId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1WebhooksByWebhookId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchV1ManagementWebhooksByWebhookId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url?: string;
                    triggers?: ("responseCreated" | "responseUpdated" | "responseFinished")[];
                    trigger?: ("responseCreated" | "responseUpdated" | "responseFinished")[] | ("responseCreated" | "responseUpdated" | "responseFinished");
                    surveyIds?: string[];
                    name?: string | null;
                    source?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1WebhooksByWebhookIdTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            ok: boolean;
                            status: number | null;
                            error: string | null;
                            durationMs: number;
                        };
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1WebhooksByWebhookIdDeliveries: {
        parameters: {
            query?: {
                limit?: string;
                skip?: string;
                cursor?: string;
                status?: "pending" | "delivered" | "failed";
                event?: "responseCreated" | "responseUpdated" | "responseFinished";
            };
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"][];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1WebhooksByWebhookIdDeliveriesByDeliveryIdRedeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            label: string | null;
                            prefix: string | null;
                            createdAt: string;
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ManagementApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    label: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            label: string | null;
                            prefix: string;
                            createdAt: string;
                            key: string;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1ManagementApiKeysByApiKeyId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                apiKeyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            label: string | null;
                            prefix: string | null;
                            createdAt: string;
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                        };
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ManagementAuditLog: {
        parameters: {
            query?: {
                limit?: string;
                cursor?: string;
                action?: string;
                resourceType?: string;
                resourceId?: string;
                apiKeyId?: string;
                startDate?: string;
                endDate?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            /** Format: date-time */
                            createdAt: string;
                            environmentId: string;
                            apiKeyId: string | null;
                            apiKeyLabel: string | null;
                            action: string;
                            method: string | null;
                            route: string | null;
                            resourceType: string;
                            resourceId: string | null;
                            status: number | null;
                            summary: {
                                fields?: string[];
                                query?: string[];
                                counts?: {
                                    [key: string]: number;
                                };
                                result?: {
                                    [key: string]: number;
                                };
                            };
                            address: string | null;
                            requestId: string | null;
                        }[];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ConsoleMail: {
        parameters: {
            query?: {
                limit?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            to: string;
                            /** @enum {string} */
                            kind: "invitation" | "sign-in-link" | "password-reset" | "role-changed";
                            /** @enum {string} */
                            language: "en" | "de";
                            subject: string;
                            /** @enum {string} */
                            status: "queued" | "sent" | "failed" | "limited";
                            attempts: number;
                            lastError: string | null;
                            createdAt: string;
                            sentAt: string | null;
                        }[];
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getShareByResultShareKeySummaryJson: {
        parameters: {
            query?: {
                startDate?: string;
                endDate?: string;
                finished?: "true" | "false";
                lang?: string;
            };
            header?: never;
            path: {
                resultShareKey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            displays: number;
                            responses: {
                                started: number;
                                finished: number;
                            };
                            startRate: number | null;
                            completionRate: number | null;
                            averageTimeToComplete: number | null;
                            medianTimeToComplete: number | null;
                            dropOff: {
                                beforeFirstQuestion: number;
                                questions: {
                                    questionId: string;
                                    answered: number;
                                    droppedAfter: number;
                                    dropOffRate: number | null;
                                }[];
                                blocks: {
                                    blockId: string;
                                    name: string;
                                    reached: number;
                                    answered: number;
                                    skipped: number;
                                    leftHere: number;
                                    dropOffRate: number | null;
                                }[];
                                notWalked: number;
                            };
                            questions: {
                                questionId: string;
                                type: string;
                                headline: string;
                                answered: number;
                                skipped: number;
                                choices?: {
                                    id: string;
                                    label: string;
                                    count: number;
                                    percentage?: number | null;
                                    averagePosition?: number | null;
                                }[];
                                other?: {
                                    label: string | null;
                                    count: number;
                                    percentage: number | null;
                                    values: {
                                        value: unknown;
                                        count: number;
                                    }[];
                                };
                                score?: number | null;
                                promoters?: {
                                    count: number;
                                    percentage: number | null;
                                };
                                passives?: {
                                    count: number;
                                    percentage: number | null;
                                };
                                detractors?: {
                                    count: number;
                                    percentage: number | null;
                                };
                                average?: number | null;
                                distribution?: {
                                    rating: number;
                                    count: number;
                                    percentage: number | null;
                                }[];
                                satisfied?: {
                                    count: number;
                                    percentage: number | null;
                                };
                                booked?: {
                                    count: number;
                                    percentage: number | null;
                                };
                                clicked?: number;
                                accepted?: number;
                                dismissed?: number;
                                rows?: {
                                    row: string;
                                    columns: {
                                        column: string;
                                        count: number;
                                    }[];
                                }[];
                                unmatched?: number;
                            }[];
                            quotas: {
                                name: string;
                                limit: number;
                                count: number;
                                percentage: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getShareByResultShareKey: {
        parameters: {
            query?: {
                tab?: string;
                field?: string;
                after?: string;
                search?: string;
                startDate?: string;
                endDate?: string;
                finished?: string;
                lang?: string;
                file?: string;
            };
            header?: never;
            path: {
                resultShareKey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1SchemasSurveyJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/schema+json": {
                        $schema: string;
                        $id: string;
                        properties: Record<string, never>;
                    };
                };
            };
            /** @description Not modified: the `If-None-Match` tag is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postMcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No valid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The workspace or the resource is not the key's, or does not exist (the two are not told apart) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJsFormbricksUmdCjs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
            /** @description Not modified: the `If-None-Match` tag is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJsSurveysUmdCjs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
            /** @description Not modified: the `If-None-Match` tag is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSBySurveyId: {
        parameters: {
            query?: {
                lang?: string;
                skipPrefilled?: string;
                suid?: string;
                pin?: string;
                preview?: string;
            };
            header?: never;
            path: {
                surveyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJsEditorJs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
            /** @description Not modified: the `If-None-Match` tag is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConsole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description On to the page `Location` names (no body): for a page, its sign-in */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJsConsoleJs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
            /** @description Not modified: the `If-None-Match` tag is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConsoleSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postConsoleSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: on to the page `Location` names (no body) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConsoleLinkByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postConsoleLinkByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: on to the page `Location` names (no body) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postConsoleSignOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: on to the page `Location` names (no body) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ConsolePeople: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            email: string;
                            /** @enum {string} */
                            role: "viewer" | "editor" | "owner";
                            hasPassword: boolean;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ConsolePeople: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    /** @enum {string} */
                    role: "viewer" | "editor" | "owner";
                    password?: string;
                    /** @enum {string} */
                    language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            email: string;
                            /** @enum {string} */
                            role: "viewer" | "editor" | "owner";
                            hasPassword: boolean;
                            createdAt: string;
                            updatedAt: string;
                            link: {
                                path: string;
                                expiresAt: string;
                            } | null;
                            mailed: boolean;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1ConsolePeopleByConsolePersonId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consolePersonId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            email: string;
                            /** @enum {string} */
                            role: "viewer" | "editor" | "owner";
                            hasPassword: boolean;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchV1ConsolePeopleByConsolePersonId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consolePersonId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role?: "viewer" | "editor" | "owner";
                    /** @enum {string} */
                    language?: "en" | "de";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            email: string;
                            /** @enum {string} */
                            role: "viewer" | "editor" | "owner";
                            hasPassword: boolean;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ConsolePeopleByConsolePersonIdLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consolePersonId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            path: string;
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConsoleSignInLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postConsoleSignInLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConsolePasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postConsolePasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConsoleResetByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postConsoleResetByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: on to the page `Location` names (no body) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The body, or the stored response it would make, is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConsoleSignedIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConsoleSsoByProviderId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                providerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: on to the page `Location` names (no body) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConsoleSsoByProviderIdCallback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                providerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done: on to the page `Location` names (no body) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A request with this Idempotency-Key is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ConsolePeopleByConsolePersonIdSessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consolePersonId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            createdAt: string;
                            lastSeenAt: string;
                            expiresAt: string;
                            userAgent: string | null;
                            address: string | null;
                            method: string | null;
                            current: boolean;
                        }[];
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1ConsolePeopleByConsolePersonIdSessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consolePersonId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            ended: number;
                        };
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1ConsolePeopleByConsolePersonIdSessionsByConsoleSessionId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consolePersonId: string;
                consoleSessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            ended: number;
                        };
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ConsoleMeSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            createdAt: string;
                            lastSeenAt: string;
                            expiresAt: string;
                            userAgent: string | null;
                            address: string | null;
                            method: string | null;
                            current: boolean;
                        }[];
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1ConsoleMeSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            ended: number;
                        };
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1ConsoleMeSessionsByConsoleSessionId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                consoleSessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            ended: number;
                        };
                    };
                };
            };
            /** @description No valid API key, or the resource belongs to another environment */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The survey accepts no submissions */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource (or route) in the caller's environment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1OpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        openapi: string;
                        info: Record<string, never>;
                        paths: Record<string, never>;
                    };
                };
            };
            /** @description Not modified: the `If-None-Match` tag is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1Docs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1DocsReferenceJs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
            /** @description Not modified: the `If-None-Match` tag is current */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unreachable for now; nothing was written (`Retry-After`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
