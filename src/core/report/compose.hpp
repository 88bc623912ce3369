// SPDX-License-Identifier: GPL-3.0-or-later
// Composition helpers of the report layer: a sheet that paginates with a running head and foot, fields, section
// headings and ruled tables. Everything lands in the abstract page description (page.hpp).
#pragma once

#include "etatmajor/report/page.hpp"

#include <string>
#include <vector>

namespace etatmajor::report::compose {

namespace ink {
inline constexpr Colour text{0.10, 0.10, 0.13};
inline constexpr Colour label{0.38, 0.38, 0.42};
inline constexpr Colour rule{0.45, 0.45, 0.50};
inline constexpr Colour faint{0.78, 0.78, 0.80};
inline constexpr Colour band{0.16, 0.22, 0.32};
inline constexpr Colour shade{0.92, 0.91, 0.87};
inline constexpr Colour zebra{0.97, 0.965, 0.95};
inline constexpr Colour white{1, 1, 1};
}  // namespace ink

class Sheet {
public:
    // title: the paper's name on every page; subtitle: side and day, right-aligned in the running head.
    Sheet(PaperSize paper, std::string title, std::string subtitle, std::string footer);

    Page& page() { return m_doc.pages.back(); }
    double left() const { return m_margin; }
    double width() const { return m_dim.width - 2 * m_margin; }
    double top() const { return m_top; }
    double bottom() const { return m_dim.height - m_margin - 18; }
    double y = 0;  // the cursor

    void newPage();
    // Starts a new page unless `height` points still fit below the cursor.
    void ensure(double height);
    // Fills in "Page n of m" and returns the finished document.
    Document finish();

    void heading(const std::string& text, const std::string& note = {});
    // Records a table drawn on the sheet as data (Document::tables), under the last heading.
    void addTable(std::vector<std::string> columns, std::vector<std::vector<std::string>> rows);

private:
    Document m_doc;
    PageDimensions m_dim;
    double m_margin = 36;
    double m_top = 0;
    std::string m_title, m_subtitle, m_footer;
    std::string m_heading;  // the last heading, for addTable
};

void text(Page& page, double x, double y, double w, double h, const std::string& s, Font font, Align align = Align::Left,
          Colour colour = ink::text, bool centred = true);
// A ruled box with a small label in its top-left corner and the value below it.
void field(Page& page, double x, double y, double w, double h, const std::string& label, const std::string& value,
           double valueSize = 10);
void rule(Page& page, double x1, double y1, double x2, double y2, double width = 0.5, Colour colour = ink::rule, bool dashed = false);

struct Column {
    std::string title;
    double weight = 1;  // share of the table's width
    Align align = Align::Left;
};
// A ruled table from the sheet's cursor, over as many pages as it needs (repeating its head). Rows whose first cell
// starts with "\t" are set bold (totals).
void table(Sheet& sheet, const std::vector<Column>& columns, const std::vector<std::vector<std::string>>& rows, double rowHeight = 14);

}  // namespace etatmajor::report::compose
