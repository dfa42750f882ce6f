/**
 * The renderer's style sheet. It lives in the survey's shadow root, so the host page's rules never reach the
 * survey and these never reach the page; `:host { all: initial }` also stops inherited properties (font,
 * colour, line height) from leaking in. Every colour and radius is a custom property from `theme.ts`.
 */
export const STYLES = `
:host{all:initial;display:block}
:host([data-mode=modal]){position:fixed;inset:0;z-index:2147483000;pointer-events:none}
*,*::before,*::after{box-sizing:border-box}
.cv-root{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.5;color:var(--cv-text);-webkit-font-smoothing:antialiased;text-align:left}
.cv-page{min-height:100vh;min-height:100dvh;background:var(--cv-page);display:flex;align-items:flex-start;justify-content:center;padding:8vh 16px 32px}
.cv-page{position:relative;isolation:isolate}.cv-page::before{content:'';position:absolute;inset:0;z-index:-1;background:var(--cv-page-image,none) center/cover no-repeat;filter:brightness(var(--cv-page-brightness,1))}
.cv-logo{display:block;max-height:40px;max-width:160px;object-fit:contain;margin-right:auto;border-radius:calc(var(--cv-radius)/2);padding:2px}
.cv-page .cv-stack{width:100%;max-width:640px}
.cv-modal{position:fixed;inset:0;pointer-events:none;display:flex;padding:16px}
.cv-modal .cv-stack{width:100%;max-width:420px;pointer-events:auto}
.cv-place-bottomRight{align-items:flex-end;justify-content:flex-end}
.cv-place-bottomLeft{align-items:flex-end;justify-content:flex-start}
.cv-place-topRight{align-items:flex-start;justify-content:flex-end}
.cv-place-topLeft{align-items:flex-start;justify-content:flex-start}
.cv-place-center{align-items:center;justify-content:center}
.cv-backdrop{position:fixed;inset:0;pointer-events:auto}
.cv-overlay-dark{background:rgba(15,23,42,.6)}
.cv-overlay-light{background:rgba(248,250,252,.7)}
.cv-stack{position:relative}
.cv-back-card{position:absolute;inset:0;border:1px solid var(--cv-card-border);border-radius:var(--cv-radius);background:var(--cv-card);opacity:.7}
.cv-arr-straight .cv-back-card{transform:translateY(8px) scale(.97)}
.cv-arr-straight .cv-back-card+.cv-back-card{transform:translateY(16px) scale(.94);opacity:.4}
.cv-arr-casual .cv-back-card{transform:rotate(-3deg)}
.cv-arr-casual .cv-back-card+.cv-back-card{transform:rotate(3deg);opacity:.4}
.cv-card{position:relative;background:var(--cv-card);border:1px solid var(--cv-card-border);border-radius:var(--cv-radius);box-shadow:0 10px 30px -12px color-mix(in srgb,var(--cv-shadow) 35%,transparent);overflow:hidden}
.cv-top{display:flex;justify-content:flex-end;align-items:center;gap:8px;padding:8px 8px 0;min-height:8px}
.cv-body{padding:8px 24px 24px;max-height:calc(100vh - 140px);overflow:auto}
.cv-page .cv-body{max-height:none;padding:8px 32px 32px}
.cv-headline{font-size:1.125rem;font-weight:600;margin:0 0 4px;line-height:1.35;overflow-wrap:anywhere}
.cv-page .cv-headline{font-size:1.3rem}
.cv-subheader,.cv-note{color:var(--cv-muted);margin:0 0 4px;font-size:.95rem;overflow-wrap:anywhere}
.cv-required{color:var(--cv-muted);font-size:.8rem;font-weight:400;margin-left:6px}
.cv-rich p{margin:0 0 8px}.cv-rich a{color:inherit}
.cv-field{margin:16px 0 0}
.cv-media{display:block;max-width:100%;max-height:240px;margin:0 auto 16px;border-radius:calc(var(--cv-radius) / 2)}
.cv-input,.cv-textarea,.cv-select{display:block;width:100%;font:inherit;color:var(--cv-text);background:var(--cv-input);border:1px solid var(--cv-input-border);border-radius:calc(var(--cv-radius) * .75);padding:10px 12px;margin:0}
.cv-textarea{min-height:96px;resize:vertical}
.cv-input::placeholder,.cv-textarea::placeholder{color:var(--cv-muted);opacity:.85}
.cv-input:focus,.cv-textarea:focus,.cv-select:focus{outline:2px solid var(--cv-highlight);outline-offset:1px}
.cv-input[aria-invalid=true],.cv-textarea[aria-invalid=true]{border-color:#b91c1c}
.cv-select{width:auto;padding:4px 8px;font-size:.875rem}
.cv-options{display:grid;gap:8px;margin:0;padding:0;border:0;min-width:0}
.cv-option{display:flex;align-items:flex-start;gap:10px;padding:10px 12px;border:1px solid var(--cv-input-border);border-radius:calc(var(--cv-radius) * .75);background:var(--cv-input);cursor:pointer;overflow-wrap:anywhere}
.cv-option:has(input:checked){border-color:var(--cv-brand);background:var(--cv-brand-soft)}
.cv-option:focus-within{outline:2px solid var(--cv-highlight);outline-offset:1px}
.cv-option input{accent-color:var(--cv-brand);margin:4px 0 0;flex:none;width:16px;height:16px}
.cv-other{margin:8px 0 0}
.cv-scale{display:flex;gap:6px;margin:0;padding:0;border:0;min-width:0}
.cv-scale-item{flex:1 1 0;position:relative;min-width:0}
.cv-scale-item input,.cv-pick input{position:absolute;opacity:0;width:1px;height:1px;margin:0}
.cv-scale-item span{display:flex;align-items:center;justify-content:center;height:44px;border:1px solid var(--cv-input-border);border-radius:calc(var(--cv-radius) * .75);background:var(--cv-input);cursor:pointer;font-weight:500;user-select:none}
.cv-scale-item input:checked+span{background:var(--cv-brand);color:var(--cv-on-brand);border-color:var(--cv-brand)}
.cv-scale-item input:focus-visible+span,.cv-pick input:focus-visible+span{outline:2px solid var(--cv-highlight);outline-offset:2px}
.cv-icon-scale .cv-scale-item span{background:transparent;border-color:transparent;height:48px}
.cv-icon-scale .cv-scale-item input:checked+span{background:var(--cv-brand-soft);color:var(--cv-text);border-color:var(--cv-brand)}
.cv-scale-item svg{width:32px;height:32px}
.cv-star{fill:none;stroke:currentColor;stroke-width:1.5}
.cv-star-on{fill:#f59e0b;stroke:#b45309}
.cv-tone-low{box-shadow:inset 0 -4px 0 #dc2626}.cv-tone-mid{box-shadow:inset 0 -4px 0 #d97706}.cv-tone-high{box-shadow:inset 0 -4px 0 #16a34a}
.cv-scale-labels{display:flex;justify-content:space-between;gap:8px;margin-top:6px;font-size:.85rem;color:var(--cv-muted)}
.cv-pictures{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:10px}
.cv-pick{position:relative;display:block;cursor:pointer}
.cv-pick span{display:block;border:2px solid var(--cv-card-border);border-radius:calc(var(--cv-radius) * .75);overflow:hidden;background:var(--cv-input)}
.cv-pick input:checked+span{border-color:var(--cv-brand);box-shadow:0 0 0 2px var(--cv-brand)}
.cv-pick img{display:block;width:100%;aspect-ratio:4/3;object-fit:cover}
.cv-matrix{width:100%;border-collapse:collapse;font-size:.95rem}
.cv-matrix-wrap{overflow-x:auto;container-type:inline-size}
.cv-matrix label{display:inline-flex;align-items:center;gap:8px;cursor:pointer}
.cv-matrix-choice{display:none}
.cv-matrix th,.cv-matrix td{padding:8px 6px;text-align:center;font-weight:500}
.cv-matrix th[scope=row]{text-align:left;font-weight:500}
.cv-matrix tbody tr:nth-child(odd){background:var(--cv-input)}
.cv-matrix input{accent-color:var(--cv-brand);width:18px;height:18px;margin:0}
@container (max-width:30rem){.cv-matrix thead{display:none}.cv-matrix,.cv-matrix tbody{display:block}.cv-matrix tr{display:flex;flex-wrap:wrap;gap:4px 16px;padding:8px}.cv-matrix th[scope=row]{flex-basis:100%;padding:0 0 2px}.cv-matrix td{padding:4px 0;text-align:left}.cv-matrix-choice{display:inline}}
.cv-rank-list{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.cv-rank{display:flex;align-items:center;gap:8px;padding:8px 10px;border:1px solid var(--cv-input-border);border-radius:calc(var(--cv-radius) * .75);background:var(--cv-input)}
.cv-rank-ranked{border-color:var(--cv-brand);background:var(--cv-brand-soft)}
.cv-rank-label{flex:1;min-width:0;overflow-wrap:anywhere}
.cv-rank-n{font-weight:600;min-width:1.5em}
.cv-rank-title{font-size:.85rem;color:var(--cv-muted);margin:12px 0 6px}
.cv-inputs{display:grid;gap:10px}
.cv-label{display:block;font-size:.9rem;margin:0 0 4px}
.cv-files{list-style:none;margin:8px 0 0;padding:0;display:grid;gap:6px}
.cv-file{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:6px 10px;border:1px solid var(--cv-card-border);border-radius:calc(var(--cv-radius) * .5);overflow-wrap:anywhere}
.cv-actions{display:flex;justify-content:space-between;align-items:center;gap:12px;margin-top:24px}
.cv-actions-end{justify-content:flex-end}
.cv-btn{font:inherit;font-weight:600;border-radius:calc(var(--cv-radius) * .75);padding:10px 18px;cursor:pointer;border:1px solid transparent;line-height:1.2}
.cv-btn:focus-visible,.cv-icon-btn:focus-visible{outline:2px solid var(--cv-highlight);outline-offset:2px}
.cv-btn:disabled{opacity:.6;cursor:default}
a.cv-btn{text-decoration:none;display:inline-block}
.cv-btn-primary{background:var(--cv-brand);color:var(--cv-on-brand);margin-left:auto}
.cv-btn-secondary{background:transparent;color:var(--cv-text);border-color:var(--cv-input-border)}
.cv-btn-small{padding:4px 10px;font-size:.85rem;font-weight:500}
.cv-icon-btn{display:inline-flex;align-items:center;justify-content:center;width:32px;height:32px;padding:0;border:0;border-radius:50%;background:transparent;color:var(--cv-muted);cursor:pointer;font:inherit;font-size:1.25rem}
.cv-icon-btn:hover{background:var(--cv-input)}
.cv-error{color:#b91c1c;font-size:.9rem;margin:8px 0 0}
.cv-error:empty{margin:0}
.cv-banner{margin:0 24px 16px;padding:10px 12px;border-radius:calc(var(--cv-radius) * .5);background:#fef2f2;color:#7f1d1d;display:flex;gap:12px;align-items:center;justify-content:space-between}
.cv-offline{margin:0 24px 12px}
.cv-progress{height:6px;background:var(--cv-input)}
.cv-progress-bar{height:100%;background:var(--cv-brand);transition:width .3s ease}
.cv-center{text-align:center}
.cv-center .cv-actions{justify-content:center}
.cv-center .cv-btn-primary{margin-left:0}
.cv-logo{display:block;max-height:64px;max-width:200px;margin:0 auto 16px}
.cv-cal-link{margin:0 0 12px}
.cv-sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.cv-step:focus{outline:none}
@media (max-width:480px){.cv-page{padding:12px 8px}.cv-page .cv-body{padding:8px 18px 24px}.cv-scale{gap:3px}.cv-scale-item span{height:40px;font-size:.9rem}}
@media (prefers-reduced-motion:reduce){.cv-progress-bar{transition:none}}
`
