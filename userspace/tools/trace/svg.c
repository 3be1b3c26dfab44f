// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * The timeline as a self-contained SVG picture: a row per exec queue and
 * per host thread, labelled on the left; jobs as blue boxes, parked
 * semaphore waits as orange boxes over them, host waits as grey boxes;
 * counter signals as green diamonds, IPC as purple ticks, bans as red
 * crosses; and an arrow from each signal to the wait it released (dashed
 * from an export to its import). A time axis in milliseconds runs along
 * the top, and every shape has a <title> that a viewer shows on hover.
 */

#include "trace/timeline.h"

#define LABEL_W		280.0
#define PLOT_W		960.0
#define ROW_H		40.0
#define TOP		70.0
#define MARGIN		20.0

static void esc(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc(*s, f);
		}
	}
}

struct scale {
	uint64_t t0;
	double span;	/* ns */
};

static double x_of(const struct scale *s, uint64_t t)
{
	return LABEL_W + (double)(t - s->t0) / s->span * PLOT_W;
}

static double y_of(size_t row)
{
	return TOP + row * ROW_H + ROW_H / 2;
}

static void axis(FILE *f, const struct scale *s, double height)
{
	double span_ms = s->span / 1e6, step = 1e-3;
	static const double mult[] = { 2, 2.5, 2 };
	int k = 0;

	/* A round step: 1, 2 or 5 times a power of ten, ten steps at most. */
	while (span_ms / step > 10)
		step *= mult[k++ % 3];
	for (double t = 0; t <= span_ms + 1e-9; t += step) {
		double x = LABEL_W + t / span_ms * PLOT_W;

		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
			"stroke=\"#ddd\"/>\n", x, TOP - 6, x, height - MARGIN);
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" "
			"text-anchor=\"middle\" fill=\"#555\">%.*f ms</text>\n",
			x, TOP - 10, step < 0.01 ? 3 : step < 1 ? 2 : 0, t);
	}
}

static void boxes(FILE *f, const struct timeline *tl, const struct scale *s)
{
	static const char *const fill[] = {
		[TL_BOX_JOB] = "#4a7fd4", [TL_BOX_PARK] = "#f0a030",
		[TL_BOX_WAIT] = "#9a9a9a", [TL_BOX_NODE] = "#a8c8f8",
	};

	/*
	 * Jobs first: parked waits and the nodes of a job are drawn over
	 * the job they are in.
	 */
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < tl->nboxes; i++) {
			const struct tl_box *b = &tl->boxes[i];
			double x0 = x_of(s, b->t0), x1 = x_of(s, b->t1);
			int inner = b->kind == TL_BOX_PARK ||
				    b->kind == TL_BOX_NODE;
			double h = inner ? ROW_H * 0.36 : ROW_H * 0.6;

			if (inner != pass)
				continue;
			if (x1 - x0 < 1.5)
				x1 = x0 + 1.5;
			fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
				"height=\"%.1f\" rx=\"2\" fill=\"%s\" "
				"fill-opacity=\"%s\" stroke=\"#333\" stroke-width=\"0.5\">"
				"<title>", x0, y_of(b->row) - h / 2, x1 - x0, h,
				fill[b->kind], b->unfinished ? "0.4" : "0.9");
			esc(f, b->label);
			fprintf(f, ": %.3f ms</title></rect>\n",
				(double)(b->t1 - b->t0) / 1e6);
			if (x1 - x0 > 60 && !inner) {
				fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" "
					"fill=\"white\">", x0 + 3,
					y_of(b->row) - h / 2 + 10);
				esc(f, b->label);
				fprintf(f, "</text>\n");
			}
		}
	}
}

static void marks(FILE *f, const struct timeline *tl, const struct scale *s)
{
	for (size_t i = 0; i < tl->nmarks; i++) {
		const struct tl_mark *m = &tl->marks[i];
		double x = x_of(s, m->t), y = y_of(m->row);

		switch (m->kind) {
		case TL_MARK_SIGNAL:
			fprintf(f, "<path d=\"M%.1f %.1f l5 5 l-5 5 l-5 -5 z\" "
				"fill=\"#2a9d3a\" stroke=\"#114411\">", x, y - 5);
			break;
		case TL_MARK_BAN:
			fprintf(f, "<path d=\"M%.1f %.1f l10 10 m0 -10 l-10 10\" "
				"stroke=\"#d00\" stroke-width=\"2.5\">", x - 5, y - 5);
			break;
		default:
			fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"3\" "
				"height=\"%.1f\" fill=\"#8040c0\">", x - 1.5,
				y - ROW_H * 0.4, ROW_H * 0.8);
			break;
		}
		fprintf(f, "<title>");
		esc(f, m->label);
		fprintf(f, "</title></%s>\n", m->kind == TL_MARK_SIGNAL ||
			m->kind == TL_MARK_BAN ? "path" : "rect");
	}
}

static void arrows(FILE *f, const struct timeline *tl, const struct scale *s)
{
	for (size_t i = 0; i < tl->narrows; i++) {
		const struct tl_arrow *a = &tl->arrows[i];
		double x0 = x_of(s, a->t0), y0 = y_of(a->row0);
		double x1 = x_of(s, a->t1), y1 = y_of(a->row1);
		int ipc = a->kind == TL_ARROW_IPC;

		/* A gentle curve, so that arrows between the same rows part. */
		fprintf(f, "<path class=\"arrow\" d=\"M%.1f %.1f C%.1f %.1f %.1f %.1f %.1f %.1f\" "
			"fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\"%s "
			"marker-end=\"url(#%s)\"><title>", x0, y0,
			x0 + 30, y0, x1 - 30, y1, x1, y1,
			ipc ? "#8040c0" : "#c02040",
			ipc ? " stroke-dasharray=\"4 3\"" : "",
			ipc ? "head-ipc" : "head");
		esc(f, a->label);
		fprintf(f, ": ");
		esc(f, tl->rows[a->row0].label);
		fprintf(f, " -&gt; ");
		esc(f, tl->rows[a->row1].label);
		fprintf(f, "</title></path>\n");
	}
}

static void legend(FILE *f, double y)
{
	static const struct {
		const char *shape, *text;
	} items[] = {
		{ "<rect x=\"0\" y=\"-8\" width=\"18\" height=\"10\" fill=\"#4a7fd4\"/>",
		  "job (start to finish)" },
		{ "<rect x=\"0\" y=\"-7\" width=\"18\" height=\"7\" fill=\"#f0a030\"/>",
		  "queue parked on a semaphore" },
		{ "<rect x=\"0\" y=\"-8\" width=\"18\" height=\"10\" fill=\"#9a9a9a\"/>",
		  "host wait" },
		{ "<path d=\"M9 -9 l5 5 l-5 5 l-5 -5 z\" fill=\"#2a9d3a\"/>",
		  "counter signal" },
		{ "<path d=\"M0 -3 h16\" stroke=\"#c02040\" stroke-width=\"1.6\" marker-end=\"url(#head)\"/>",
		  "signal released a wait" },
		{ "<path d=\"M0 -3 h16\" stroke=\"#8040c0\" stroke-dasharray=\"4 3\" marker-end=\"url(#head-ipc)\"/>",
		  "export to import" },
	};
	double x = MARGIN;

	for (size_t i = 0; i < sizeof(items) / sizeof(items[0]); i++) {
		fprintf(f, "<g transform=\"translate(%.1f %.1f)\">%s"
			"<text x=\"24\" y=\"0\" font-size=\"11\">%s</text></g>\n",
			x, y, items[i].shape, items[i].text);
		x += 195;
	}
}

int timeline_write_svg(const struct timeline *tl, FILE *f, const char *title)
{
	struct scale s = { .t0 = tl->t_first };
	double width = LABEL_W + PLOT_W + MARGIN;
	double height = TOP + tl->nrows * ROW_H + MARGIN + 30;

	s.span = tl->t_last > tl->t_first ? (double)(tl->t_last - tl->t_first) : 1;
	s.span *= 1.02;	/* room for the last marks */

	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
		"height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
		"font-family=\"sans-serif\">\n", width, height, width, height);
	fprintf(f, "<defs>"
		"<marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" "
		"markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">"
		"<path d=\"M0 0 L10 5 L0 10 z\" fill=\"#c02040\"/></marker>"
		"<marker id=\"head-ipc\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" "
		"markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">"
		"<path d=\"M0 0 L10 5 L0 10 z\" fill=\"#8040c0\"/></marker>"
		"</defs>\n");
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
	fprintf(f, "<text x=\"%.1f\" y=\"24\" font-size=\"15\" font-weight=\"bold\">",
		MARGIN);
	esc(f, title);
	fprintf(f, "</text>\n");
	legend(f, 46);
	axis(f, &s, height - 30);

	for (size_t i = 0; i < tl->nrows; i++) {
		double y = y_of(i);

		fprintf(f, "<rect x=\"0\" y=\"%.1f\" width=\"%.0f\" height=\"%.1f\" "
			"fill=\"%s\"/>\n", y - ROW_H / 2, width, ROW_H,
			i % 2 ? "#f6f6f6" : "#ececf4");
		fprintf(f, "<text class=\"row\" x=\"%.1f\" y=\"%.1f\" font-size=\"12\">",
			MARGIN, y + 4);
		esc(f, tl->rows[i].label);
		fprintf(f, "</text>\n");
	}
	boxes(f, tl, &s);
	marks(f, tl, &s);
	arrows(f, tl, &s);
	fprintf(f, "</svg>\n");
	return ferror(f) ? -1 : 0;
}
