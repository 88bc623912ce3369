// SPDX-License-Identifier: GPL-3.0-or-later
// Entry point of the Etat-Major application; everything else lives in the etatmajor_gui library.
#include "app.hpp"

wxIMPLEMENT_APP(etatmajor::gui::App);
