// SPDX-License-Identifier: GPL-3.0-or-later
#include "compose.hpp"

#include <numeric>

namespace etatmajor::report::compose {

Sheet::Sheet(PaperSize paper, std::string title, std::string subtitle, std::string footer)
    : m_dim(pageDimensions(paper)), m_title(std::move(title)), m_subtitle(std::move(subtitle)), m_footer(std::move(footer)) {
    m_doc.paper = paper;
    m_doc.title = m_title;
    newPage();
}

void Sheet::newPage() {
    m_doc.pages.emplace_back();
    auto& p = page();
    const double x = left(), w = width();
    text(p, x, m_margin - 4, w * 0.58, 20, m_title, Font{15, FontFace::Serif, true}, Align::Left, ink::text, false);
    // The subtitle's first line (the side) in bold, the rest (the day) below it.
    const auto nl = m_subtitle.find('\n');
    text(p, x + w * 0.58, m_margin - 5, w * 0.42, 12, m_subtitle.substr(0, nl), Font{8.5, FontFace::Sans, true}, Align::Right,
         ink::text, false);
    if (nl != std::string::npos)
        text(p, x + w * 0.58, m_margin + 6, w * 0.42, 12, m_subtitle.substr(nl + 1), Font{7.5, FontFace::Sans, false, true},
             Align::Right, ink::label, false);
    rule(p, x, m_margin + 20, x + w, m_margin + 20, 1.4, ink::text);
    rule(p, x, m_margin + 22.5, x + w, m_margin + 22.5, 0.4, ink::text);
    const double fy = m_dim.height - m_margin - 8;
    rule(p, x, fy, x + w, fy, 0.4, ink::rule);
    text(p, x, fy + 2, w * 0.7, 10, m_footer, Font{7, FontFace::Sans, false, true}, Align::Left, ink::label, false);
    m_top = m_margin + 32;
    y = m_top;
}

void Sheet::ensure(double height) {
    if (y + height > bottom()) newPage();
}

Document Sheet::finish() {
    const int n = static_cast<int>(m_doc.pages.size());
    const double fy = m_dim.height - m_margin - 8;
    for (int i = 0; i < n; ++i)
        text(m_doc.pages[i], left() + width() * 0.6, fy + 2, width() * 0.4, 10,
             "Page " + std::to_string(i + 1) + " of " + std::to_string(n), Font{7, FontFace::Sans}, Align::Right, ink::label, false);
    return m_doc;
}

void Sheet::addTable(std::vector<std::string> columns, std::vector<std::vector<std::string>> rows) {
    m_doc.tables.push_back({m_heading, std::move(columns), std::move(rows)});
}

void Sheet::heading(const std::string& s, const std::string& note) {
    m_heading = s;
    ensure(40);
    y += 6;
    text(page(), left(), y, width() * 0.6, 16, s, Font{11.5, FontFace::Serif, true}, Align::Left, ink::band, true);
    if (!note.empty())
        text(page(), left() + width() * 0.35, y, width() * 0.65, 16, note, Font{8, FontFace::Sans, false, true}, Align::Right,
             ink::label, true);
    y += 17;
    rule(page(), left(), y, left() + width(), y, 0.8, ink::band);
    y += 3;
}

void text(Page& page, double x, double y, double w, double h, const std::string& s, Font font, Align align, Colour colour,
          bool centred) {
    TextRun t;
    t.x = x;
    t.y = y;
    t.width = w;
    t.height = h;
    t.text = s;
    t.font = font;
    t.align = align;
    t.colour = colour;
    t.centred = centred;
    page.elements.emplace_back(std::move(t));
}

void field(Page& page, double x, double y, double w, double h, const std::string& label, const std::string& value, double valueSize) {
    page.elements.emplace_back(Box{x, y, w, h, Stroke{0.6, ink::rule}, std::nullopt});
    text(page, x + 3.5, y + 2, w - 7, 8, label, Font{6, FontFace::Sans, true}, Align::Left, ink::label, false);
    text(page, x + 3.5, y + 9, w - 7, h - 10, value, Font{valueSize, FontFace::Sans}, Align::Left, ink::text, true);
}

void rule(Page& page, double x1, double y1, double x2, double y2, double width, Colour colour, bool dashed) {
    page.elements.emplace_back(Rule{{x1, y1}, {x2, y2}, Stroke{width, colour, dashed}});
}

void table(Sheet& sheet, const std::vector<Column>& columns, const std::vector<std::vector<std::string>>& rows, double rowHeight) {
    const double total = std::accumulate(columns.begin(), columns.end(), 0.0, [](double a, const Column& c) { return a + c.weight; });
    const double x0 = sheet.left(), w = sheet.width();
    std::vector<double> xs{x0};
    for (const auto& c : columns) xs.push_back(xs.back() + w * c.weight / total);
    auto head = [&] {
        auto& p = sheet.page();
        p.elements.emplace_back(Box{x0, sheet.y, w, rowHeight + 2, std::nullopt, ink::shade});
        for (std::size_t i = 0; i < columns.size(); ++i)
            text(p, xs[i] + 3, sheet.y, xs[i + 1] - xs[i] - 6, rowHeight + 2, columns[i].title, Font{7, FontFace::Sans, true},
                 columns[i].align, ink::label);
        sheet.y += rowHeight + 2;
        rule(p, x0, sheet.y, x0 + w, sheet.y, 0.6, ink::rule);
    };
    {
        // The same table as data, for a screen (a bold row's tab mark dropped).
        std::vector<std::string> titles;
        for (const auto& c : columns) titles.push_back(c.title);
        auto cells = rows;
        for (auto& row : cells)
            if (!row.empty() && !row[0].empty() && row[0][0] == '\t') row[0].erase(0, 1);
        sheet.addTable(std::move(titles), std::move(cells));
    }
    sheet.ensure(2 * rowHeight + 4);
    head();
    if (rows.empty()) {
        text(sheet.page(), x0 + 3, sheet.y, w - 6, rowHeight, "none", Font{8, FontFace::Sans, false, true}, Align::Left, ink::label);
        sheet.y += rowHeight;
    }
    int n = 0;
    for (const auto& row : rows) {
        if (sheet.y + rowHeight > sheet.bottom()) {
            sheet.newPage();
            head();
        }
        auto& p = sheet.page();
        const bool bold = !row.empty() && !row[0].empty() && row[0][0] == '\t';
        if (bold) p.elements.emplace_back(Box{x0, sheet.y, w, rowHeight, std::nullopt, ink::shade});
        else if (n++ % 2 == 1) p.elements.emplace_back(Box{x0, sheet.y, w, rowHeight, std::nullopt, ink::zebra});
        for (std::size_t i = 0; i < columns.size() && i < row.size(); ++i) {
            std::string cell = row[i];
            if (i == 0 && bold) cell.erase(0, 1);
            text(p, xs[i] + 3, sheet.y, xs[i + 1] - xs[i] - 6, rowHeight, cell, Font{8, FontFace::Sans, bold}, columns[i].align);
        }
        sheet.y += rowHeight;
        rule(p, x0, sheet.y, x0 + w, sheet.y, 0.25, ink::faint);
    }
    rule(sheet.page(), x0, sheet.y, x0 + w, sheet.y, 0.6, ink::rule);
    sheet.y += 8;
}

}  // namespace etatmajor::report::compose
