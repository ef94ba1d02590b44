import { driver } from './passwordReset.driver'
import { drivePaths } from './runner'

drivePaths(driver)
