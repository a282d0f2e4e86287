"""The package's own build step for its compiled kernels (issue 63). Everything else about the package
is in pyproject.toml; this adds one thing to setuptools' build: after the extensions (there are none
of setuptools' own), every group of the one table of kernels (explorer/core/kernels.py) is compiled by
numba's pycc into the package (explorer/core/aot_build.py). So `pip install .`, `pip wheel .`,
`python -m build`, `pipx install .` and the editable install `make` uses all carry the compiled
modules. Where no C compiler is found the build says so and goes on: the kernels then run under
numba's JIT, compiled on first use and kept on disk."""

from __future__ import annotations

import os
import sys
import warnings

from setuptools import Distribution, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))

# `make` installs the checkout in setuptools' 'compat' editable mode: one path in a .pth file. The
# default mode puts an import finder there, which every Python start imports with pathlib (23 ms of
# each command's start). setuptools calls compat transitional and says so in a long warning on every
# install, which reads like an error: it is silenced here, and the mode is chosen in the Makefile.
warnings.filterwarnings("ignore", message=r"\s*Compat editable installs")


class BuildKernels(build_ext):
    """setuptools' build_ext, then the kernels: into the build's package folder (a wheel), or into the
    source tree (an editable install, `build_ext --inplace`)."""

    def run(self) -> None:
        super().run()
        sys.path.insert(0, HERE)  # the checkout's explorer, whose sources the build digests
        from explorer.core.aot_build import build_all

        in_place = bool(self.inplace or getattr(self, "editable_mode", False))
        root = HERE if in_place else self.build_lib
        # in place: this machine's processor (the checkout is used where it is built); a wheel: generic
        build_all(root, target_cpu="host" if in_place else "", say=lambda text: print(text, flush=True))


class WithKernels(Distribution):
    """A distribution with compiled modules: its wheel is for one platform, and build_ext always runs."""

    def has_ext_modules(self) -> bool:
        return True


setup(cmdclass={"build_ext": BuildKernels}, distclass=WithKernels)
